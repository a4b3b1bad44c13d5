import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * What the last build's tests did, per database: the test classes and methods that ran on it, how
 * many passed, failed and were skipped, their time, and the Spring test contexts they loaded.
 * Reads the surefire reports (target/surefire-reports for H2, target/surefire-reports-postgresql
 * and -mariadb) and target/test-contexts.txt of every module under the given folder.
 *
 * <p>Run: {@code java .ci/TestReport.java [folder]} after {@code ./mvnw verify}.
 */
class TestReport {

	private static final Pattern SUITE = Pattern.compile("<testsuite [^>]*>");

	public static void main(String[] args) throws IOException {
		Path root = Path.of(args.length > 0 ? args[0] : ".");
		Map<String, long[]> byDatabase = new LinkedHashMap<>();
		for (String database : List.of("h2", "postgresql", "mariadb")) {
			byDatabase.put(database, new long[7]);
		}
		List<Path> modules;
		try (Stream<Path> paths = Files.list(root)) {
			modules = paths.filter((module) -> Files.isDirectory(module.resolve("target"))).sorted().toList();
		}
		for (Path module : modules) {
			try (Stream<Path> dirs = Files.list(module.resolve("target"))) {
				for (Path dir : dirs.filter((dir) -> dir.getFileName().toString().startsWith("surefire-reports")).toList()) {
					String suffix = dir.getFileName().toString().substring("surefire-reports".length());
					long[] counts = byDatabase.computeIfAbsent(suffix.isEmpty() ? "h2" : suffix.substring(1),
							(database) -> new long[7]);
					try (Stream<Path> reports = Files.list(dir)) {
						for (Path report : reports.filter((file) -> file.getFileName().toString().matches("TEST-.*\\.xml")).toList()) {
							add(counts, Files.readString(report));
						}
					}
				}
			}
			Path contexts = module.resolve("target/test-contexts.txt");
			if (Files.exists(contexts)) {
				for (String line : Files.readAllLines(contexts)) {
					String[] parts = line.trim().split(" ");
					long[] counts = byDatabase.computeIfAbsent(parts[0], (database) -> new long[7]);
					counts[5] += Long.parseLong(parts[1]);
					counts[6] += Long.parseLong(parts[2]);
				}
			}
		}
		long[] total = new long[7];
		List<String> lines = new ArrayList<>();
		lines.add(String.format("%-11s %7s %7s %7s %7s %7s %9s %9s", "database", "classes", "tests", "passed", "failed",
				"skipped", "seconds", "contexts"));
		for (Map.Entry<String, long[]> entry : byDatabase.entrySet()) {
			long[] c = entry.getValue();
			lines.add(String.format("%-11s %7d %7d %7d %7d %7d %9.1f %9d", entry.getKey(), c[0], c[1], c[1] - c[2] - c[3],
					c[2], c[3], c[4] / 1000.0, c[5]));
			for (int i = 0; i < total.length; i++) {
				total[i] += c[i];
			}
		}
		lines.forEach(System.out::println);
		System.out.println("(contexts: Spring test contexts loaded; a test class of a nested class counts once per report)");
		System.out.printf("tests: %d passed, %d failed, %d skipped%n", total[1] - total[2] - total[3], total[2], total[3]);
	}

	// classes, tests, failed (failures and errors), skipped, milliseconds
	private static void add(long[] counts, String xml) {
		Matcher suite = SUITE.matcher(xml);
		if (!suite.find()) {
			return;
		}
		String tag = suite.group();
		counts[0]++;
		counts[1] += number(tag, "tests");
		counts[2] += number(tag, "failures") + number(tag, "errors");
		counts[3] += number(tag, "skipped");
		counts[4] += Math.round(Double.parseDouble(attribute(tag, "time").replace(",", "")) * 1000);
	}

	private static long number(String tag, String name) {
		return Long.parseLong(attribute(tag, name));
	}

	private static String attribute(String tag, String name) {
		Matcher matcher = Pattern.compile(" " + name + "=\"([^\"]*)\"").matcher(tag);
		return matcher.find() ? matcher.group(1) : "0";
	}

}
