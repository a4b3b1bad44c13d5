import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes a sample's quick-start form in {@code target/app}: the jar extracted (Spring Boot's
 * {@code -Djarmode=tools extract}), one training run that starts the application context and
 * exits, and the archive it leaves: an AOT cache on JDK 25 and later ({@code -XX:AOTCacheOutput},
 * JEP 483/514/515), a dynamic class data sharing archive before ({@code -XX:ArchiveClassesAtExit}).
 * It writes {@code target/app/jvm.options}: the sample's JVM options and the line that uses the
 * archive, so that the run command stays one line. Run by the samples' builds in the package phase:
 * <pre>java StartArchive.java JAR JVM_OPTIONS TRAINING_ARGUMENTS...</pre>
 * The archive is for the JDK that built it; another JDK ignores it with a warning and starts as
 * without it.
 */
public class StartArchive {

	public static void main(String[] args) throws IOException, InterruptedException {
		Path jar = Path.of(args[0]).toAbsolutePath();
		Path jvmOptions = Path.of(args[1]).toAbsolutePath();
		Path app = jar.resolveSibling("app");
		String name = jar.getFileName().toString().replaceFirst("-\\d.*\\.jar$", ".jar");
		String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
		deleteRecursively(app);
		run(List.of(java, "-Djarmode=tools", "-jar", jar.toString(), "extract", "--destination", app.toString(),
				"--application-filename", name), app.resolveSibling("app-extract.log"));
		boolean aotCache = Runtime.version().feature() >= 25;
		Path archive = app.resolve(aotCache ? "app.aot" : "app.jsa");
		List<String> training = new ArrayList<>(List.of(java, "@" + jvmOptions));
		training.addAll(aotCache ? List.of("-XX:AOTCacheOutput=" + archive, "-Xlog:aot=off", "-Xlog:cds=off")
				: List.of("-XX:ArchiveClassesAtExit=" + archive, "-Xlog:cds=off", "-Xlog:cds+dynamic=off"));
		training.addAll(List.of("-Dspring.context.exit=onRefresh", "-jar", app.resolve(name).toString()));
		training.addAll(List.of(args).subList(2, args.length));
		run(training, app.resolve("training.log"));
		List<String> options = new ArrayList<>(Files.readAllLines(jvmOptions));
		options.add((aotCache ? "-XX:AOTCache=" : "-XX:SharedArchiveFile=") + archive);
		Files.write(app.resolve("jvm.options"), options);
		System.out.println("Quick start: java @" + relative(app.resolve("jvm.options")) + " -jar "
				+ relative(app.resolve(name)) + " (" + (aotCache ? "AOT cache" : "class data sharing") + ", JDK "
				+ Runtime.version().feature() + ")");
	}

	private static void run(List<String> command, Path log) throws IOException, InterruptedException {
		Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
		if (process.waitFor() != 0) {
			System.err.println(Files.readString(log));
			throw new IllegalStateException("Failed (see " + log + "): " + String.join(" ", command));
		}
	}

	private static String relative(Path path) {
		Path root = Path.of("").toAbsolutePath();
		return path.startsWith(root) ? root.relativize(path).toString().replace(File.separatorChar, '/')
				: path.toString();
	}

	private static void deleteRecursively(Path path) throws IOException {
		if (Files.isDirectory(path)) {
			try (var children = Files.list(path)) {
				for (Path child : children.toList()) {
					deleteRecursively(child);
				}
			}
		}
		Files.deleteIfExists(path);
	}

}
