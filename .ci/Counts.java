import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The surface a host faces and the code a maintainer reads (issue 48): the module's configuration
 * properties (not deprecated, from the metadata the build wrote), its public top-level types, and its
 * main code's NCSS (lines that are not blank, not comment and not an import), in all and in sign-in.
 *
 * <p>Run: {@code java .ci/Counts.java} after a build of graphql-starter-autoconfigure.
 */
class Counts {

	private static final Path MODULE = Path.of("graphql-starter-autoconfigure");

	private static final Path MAIN = MODULE.resolve("src/main/java");

	private static final Pattern PUBLIC_TYPE = Pattern
		.compile("(?m)^public (?:(?:final|abstract|sealed|non-sealed|static) )*(?:class|interface|record|enum|@interface) ");

	public static void main(String[] args) throws IOException {
		Path metadata = MODULE.resolve("target/classes/META-INF/spring-configuration-metadata.json");
		String json = Files.readString(metadata);
		// each property is one object in "properties"; deprecated ones carry a "deprecation" member
		String properties = json.substring(json.indexOf("\"properties\""), json.indexOf("\"hints\"") > 0
				? json.indexOf("\"hints\"") : json.length());
		// one object a property, with at most one nested object (its deprecation); the build
		// writes both "deprecated": true and "deprecation" for a deprecated one
		List<String> objects = Pattern.compile("\\{[^{}]*(?:\\{[^{}]*\\}[^{}]*)*\\}")
			.matcher(properties)
			.results()
			.map((found) -> found.group())
			.filter((object) -> object.contains("\"name\""))
			.toList();
		long all = objects.size();
		long deprecated = objects.stream()
			.filter((object) -> object.contains("\"deprecation\"") || object.matches("(?s).*\"deprecated\"\\s*:\\s*true.*"))
			.count();
		List<Path> sources;
		try (Stream<Path> files = Files.walk(MAIN)) {
			sources = files.filter((file) -> file.toString().endsWith(".java")).sorted().toList();
		}
		long publicTypes = 0;
		long ncss = 0;
		long signInNcss = 0;
		for (Path source : sources) {
			String text = Files.readString(source);
			if (!source.endsWith("package-info.java") && PUBLIC_TYPE.matcher(text).find()) {
				publicTypes++;
			}
			long lines = ncss(text);
			ncss += lines;
			if (MAIN.relativize(source).toString().startsWith("dev/svc/graphql/signin")) {
				signInNcss += lines;
			}
		}
		System.out.printf("configuration properties       %6d  (target at most 50)%n", all - deprecated);
		System.out.printf("public top-level types          %6d  (target at most 60)%n", publicTypes);
		System.out.printf("main code NCSS                  %6d  (target at most 9,800)%n", ncss);
		System.out.printf("sign-in NCSS                    %6d  (target at most 2,600)%n", signInNcss);
	}

	/** Lines that hold code: not blank, not inside or only a comment, not an import. */
	static long ncss(String text) {
		String code = stripComments(text);
		return code.lines().map(String::strip).filter((line) -> !line.isEmpty() && !line.startsWith("import ")).count();
	}

	private static String stripComments(String text) {
		StringBuilder code = new StringBuilder(text.length());
		Matcher matcher = Pattern.compile("//[^\\n]*|/\\*.*?\\*/|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\])'",
				Pattern.DOTALL)
			.matcher(text);
		int last = 0;
		while (matcher.find()) {
			code.append(text, last, matcher.start());
			String found = matcher.group();
			if (found.startsWith("/*")) {
				// keep the line breaks, so that a comment's lines are blank lines
				found.chars().filter((c) -> c == '\n').forEach((c) -> code.append('\n'));
			}
			else if (!found.startsWith("//")) {
				code.append(found);
			}
			last = matcher.end();
		}
		code.append(text, last, text.length());
		return code.toString();
	}

}
