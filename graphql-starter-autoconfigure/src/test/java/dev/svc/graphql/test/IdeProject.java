package dev.svc.graphql.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sample's files for desktop IDEs, read from the module's directory: {@code graphql.config.yml},
 * the schema it points at ({@code schema.graphql}) and the documents under {@code graphql/}.
 */
public final class IdeProject {

	/** Run the tests with {@code -Dsvc.refresh-schema=true} to write the served schema instead of comparing. */
	private static final String REFRESH = "svc.refresh-schema";

	private static final Path SCHEMA = Path.of("schema.graphql");

	private IdeProject() {
	}

	/**
	 * Asserts that the committed schema is the one the application serves, so that the IDE
	 * completes what the application answers.
	 * @param served the schema as Spring Boot's schema printer serves it
	 */
	public static void assertSchemaIsCurrent(String served) {
		try {
			if (Boolean.getBoolean(REFRESH)) {
				Files.writeString(SCHEMA, served);
			}
			assertThat(Files.readString(SCHEMA))
				.as("%s differs from the served schema; refresh it with -D%s=true", SCHEMA.toAbsolutePath(), REFRESH)
				.isEqualTo(served);
			assertThat(Files.readString(Path.of("graphql.config.yml"))).contains("schema: schema.graphql")
				.contains("documents: graphql/**/*.graphql");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	/**
	 * Reads the documents.
	 * @return each document's text by its file name
	 */
	public static Map<String, String> documents() {
		Map<String, String> documents = new TreeMap<>();
		try (Stream<Path> files = Files.list(Path.of("graphql"))) {
			for (Path file : files.filter((file) -> file.toString().endsWith(".graphql")).toList()) {
				documents.put(file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
			}
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		assertThat(documents).isNotEmpty();
		return documents;
	}

}
