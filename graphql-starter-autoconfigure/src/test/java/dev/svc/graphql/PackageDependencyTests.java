package dev.svc.graphql;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module's packages depend on each other one way only: no package reaches, through
 * the imports of its classes, back to itself. The root package ({@code dev.svc.graphql})
 * is the ground floor and imports none of the others.
 */
class PackageDependencyTests {

	private static final Path SOURCES = Path.of("src/main/java/dev/svc/graphql");

	/**
	 * The rooms and the rooms each may use: a new dependency is a decision, made here
	 * first. The ground floor ({@code ""}) holds what every room may use.
	 */
	private static final Map<String, Set<String>> ROOMS = Map.ofEntries(Map.entry("", Set.of()),
			Map.entry("error", Set.of("")), Map.entry("instrumentation", Set.of()),
			Map.entry("identity", Set.of("", "error")), Map.entry("context", Set.of("", "error", "identity")),
			Map.entry("security", Set.of("context")), Map.entry("handler", Set.of("context", "error")),
			// container: its refusal is a user-friendly error (error)
			Map.entry("container", Set.of("", "context", "error", "handler", "security")),
			Map.entry("visibility", Set.of("container", "context", "instrumentation", "security")),
			// persisted: only texts of callers given a Query field's permission are
			// shared
			Map.entry("persisted", Set.of("", "container", "context", "error", "identity", "security")),
			// limits: a field refused for permission is charged as refused (security)
			Map.entry("limits",
					Set.of("", "container", "context", "error", "handler", "instrumentation", "persisted", "security",
							"visibility")),
			Map.entry("ratelimit", Set.of("", "context", "error", "identity", "limits")),
			Map.entry("web", Set.of("", "context", "error", "persisted", "security", "visibility")),
			Map.entry("introspection", Set.of("", "context", "error", "web")),
			Map.entry("playground", Set.of("", "security")),
			Map.entry("queries", Set.of("", "error", "handler", "identity", "security")),
			Map.entry("audit", Set.of("", "context", "error", "handler", "ratelimit", "security")),
			// sign-in, by concern: sessions stand alone; the password check and lockout
			// is
			// its ground floor (it asks the second factor through its own SecondStep);
			// the
			// second factor and password reset spend from its budget; signin wires them
			// all,
			// and the token and cookie faces sit on top
			Map.entry("signin.session", Set.of("context", "error", "identity")),
			Map.entry("signin.password", Set.of("", "audit", "context", "identity", "ratelimit", "signin.session")),
			Map.entry("signin.twofactor", Set.of("", "context", "identity", "ratelimit", "signin.password")),
			Map.entry("signin.reset", Set.of("", "identity", "signin.password")),
			Map.entry("signin",
					Set.of("", "audit", "context", "identity", "ratelimit", "security", "signin.password",
							"signin.reset", "signin.session", "signin.twofactor")),
			// passkeys sit beside the second factor, on the password's budget; the faces
			// take their managers
			Map.entry("signin.passkey",
					Set.of("", "context", "identity", "limits", "security", "signin", "signin.password",
							"signin.session", "web")),
			Map.entry("signin.token",
					Set.of("", "context", "limits", "security", "signin", "signin.passkey", "signin.password",
							"signin.reset", "signin.session", "signin.twofactor", "web")),
			Map.entry("signin.cookie", Set.of("", "context", "limits", "security", "signin", "signin.passkey",
					"signin.password", "signin.reset", "signin.session", "signin.twofactor")));

	private static final Pattern IMPORT = Pattern
		.compile("^import (?:static )?dev\\.svc\\.graphql\\.((?:[a-z]+\\.)*)[A-Z]", Pattern.MULTILINE);

	@Test
	void shouldHaveNoCycles() throws IOException {
		Map<String, Set<String>> dependencies = dependencies();
		assertThat(dependencies).as("packages read").hasSizeGreaterThan(10);
		List<String> cycles = new ArrayList<>();
		for (String start : dependencies.keySet()) {
			if (reaches(dependencies, start, start, new TreeSet<>())) {
				cycles.add(start + " -> ... -> " + start);
			}
		}
		assertThat(cycles).as("packages that depend on themselves through others: " + dependencies).isEmpty();
	}

	@Test
	void shouldKeepEachRoomToTheRoomsItMayUse() throws IOException {
		Map<String, Set<String>> dependencies = dependencies();
		assertThat(dependencies.keySet()).as("the rooms").containsExactlyInAnyOrderElementsOf(ROOMS.keySet());
		dependencies.forEach((room, used) -> assertThat(used).as("what " + room + " uses").isSubsetOf(ROOMS.get(room)));
	}

	@Test
	void shouldKeepTheRootPackageTheGroundFloor() throws IOException {
		assertThat(dependencies().get("")).as("what the root package imports").isEmpty();
	}

	private static boolean reaches(Map<String, Set<String>> dependencies, String from, String target,
			Set<String> seen) {
		for (String next : dependencies.getOrDefault(from, Set.of())) {
			if (next.equals(target)) {
				return true;
			}
			if (seen.add(next) && reaches(dependencies, next, target, seen)) {
				return true;
			}
		}
		return false;
	}

	private static Map<String, Set<String>> dependencies() throws IOException {
		Map<String, Set<String>> dependencies = new TreeMap<>();
		try (Stream<Path> files = Files.walk(SOURCES)) {
			files.filter((file) -> file.toString().endsWith(".java")).forEach((file) -> {
				String pkg = SOURCES.relativize(file.getParent()).toString().replace('/', '.');
				Set<String> imported = dependencies.computeIfAbsent(pkg, (key) -> new TreeSet<>());
				Matcher matcher = IMPORT.matcher(read(file));
				while (matcher.find()) {
					String target = matcher.group(1).isEmpty() ? ""
							: matcher.group(1).substring(0, matcher.group(1).length() - 1);
					if (!target.equals(pkg)) {
						imported.add(target);
					}
				}
			});
		}
		return dependencies;
	}

	private static String read(Path file) {
		try {
			return Files.readString(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
