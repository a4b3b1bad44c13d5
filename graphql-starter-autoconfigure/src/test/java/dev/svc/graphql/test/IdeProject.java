package dev.svc.graphql.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.svc.graphql.test.HttpTestClient.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sample's files for desktop IDEs, in the module's directory:
 * {@code graphql.config.yml}, the schema it points at ({@code schema.graphql}, written
 * from what the application serves, not committed) and the documents under
 * {@code graphql/}.
 */
public final class IdeProject {

	private static final Path SCHEMA = Path.of("schema.graphql");

	private IdeProject() {
	}

	/**
	 * Writes the schema the application serves where {@code graphql.config.yml} points,
	 * so that the IDE completes what the application answers, and asserts that every
	 * document runs without errors.
	 * @param http a client of the running application
	 * @param headers the headers that sign the tenant's administrator in, if the client's
	 * cookies do not
	 */
	public static void assertServedSchemaAndDocumentsThatRun(HttpTestClient http, String... headers) {
		Response schema = http.get("/graphql/schema", headers);
		assertThat(schema.status()).isEqualTo(200);
		assertThat(schema.body()).contains("type Query");
		try {
			Files.writeString(SCHEMA, schema.body());
			assertThat(Files.readString(Path.of("graphql.config.yml"))).contains("schema: " + SCHEMA)
				.contains("documents: graphql/**/*.graphql");
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
		for (Map.Entry<String, String> document : documents().entrySet()) {
			Response result = http.graphQl("/graphql", document.getValue(), headers);
			assertThat(result.status()).as(document.getKey()).isEqualTo(200);
			Map<?, ?> json = HttpTestClient.parse(result.body());
			assertThat(json.get("errors")).as(document.getKey() + ": " + result.body()).isNull();
			assertThat(json.get("data")).as(document.getKey()).isNotNull();
		}
	}

	private static Map<String, String> documents() {
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
