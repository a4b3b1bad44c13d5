package dev.svc.sample.mvc;

import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.IdeProject;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a desktop IDE opens with {@code graphql.config.yml}: the schema is the one the application
 * serves, and every document runs without errors as the tenant's administrator.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DesktopIdeTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldShipTheServedSchemaAndDocumentsThatRun() {
		HttpTestClient http = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(http, "Default", "admin", "123qwe").status()).isEqualTo(302);
		Response schema = http.get("/graphql/schema");
		assertThat(schema.status()).isEqualTo(200);
		IdeProject.assertSchemaIsCurrent(schema.body());
		for (Map.Entry<String, String> document : IdeProject.documents().entrySet()) {
			Response result = http.graphQl("/graphql", document.getValue());
			assertThat(result.status()).as(document.getKey()).isEqualTo(200);
			Map<?, ?> json = HttpTestClient.parse(result.body());
			assertThat(json.get("errors")).as(document.getKey() + ": " + result.body()).isNull();
			assertThat(json.get("data")).as(document.getKey()).isNotNull();
		}
	}

}
