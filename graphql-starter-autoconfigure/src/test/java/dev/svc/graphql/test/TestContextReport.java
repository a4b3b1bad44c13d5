package dev.svc.graphql.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.springframework.test.context.MergedContextConfiguration;

/**
 * How many Spring application contexts a test JVM loaded, and how many distinct
 * configurations they had (more loads than configurations: Spring's context cache evicted
 * some and loaded them again). Each test JVM that loaded one appends a line to
 * {@code target/test-contexts.txt} of its module as it exits: the database, the loads,
 * the distinct configurations. {@code .ci/TestReport.java} prints their sum per database.
 * Fed by {@link TestDatabaseContextCustomizerFactory}, which every context of the
 * module's and the sample apps' tests passes.
 */
final class TestContextReport {

	private static final Set<MergedContextConfiguration> configurations = ConcurrentHashMap.newKeySet();

	private static final AtomicInteger loads = new AtomicInteger();

	private TestContextReport() {
	}

	static void loaded(MergedContextConfiguration configuration) {
		configurations.add(configuration);
		if (loads.getAndIncrement() == 0) {
			Runtime.getRuntime().addShutdownHook(new Thread(TestContextReport::write, "test-context-report"));
		}
	}

	private static void write() {
		String line = System.getProperty("svc.test.database", "h2") + " " + loads.get() + " " + configurations.size()
				+ System.lineSeparator();
		try {
			Files.writeString(Files.createDirectories(Path.of("target")).resolve("test-contexts.txt"), line,
					StandardOpenOption.CREATE, StandardOpenOption.APPEND);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
