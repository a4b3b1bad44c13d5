package dev.svc.sample.spa;

import dev.svc.graphql.test.HttpTestClient.Response;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The documents of the sample's manifest run by their id, over POST and GET, and, in the
 * default mode, any other document still runs.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class PersistedDocumentsTests {

	/** {@code query Roles { roles { id name displayName } }} in the sample's manifest. */
	private static final String ROLES = "sha256:799b41059a1e706225cdb142e150898753c9b82305f80aff725babe124e83df4";

	@LocalServerPort
	private int port;

	@Test
	void shouldRunTheDocumentsOfItsManifestByTheirId() {
		SpaClient admin = new SpaClient(this.port).withToken("Default", "admin");
		Response post = admin.http()
			.post("/graphql", "application/json", "{\"documentId\": \"" + ROLES + "\"}", "Authorization",
					"Bearer " + admin.accessToken());
		assertThat(post.status()).as(post.body()).isEqualTo(200);
		assertThat(post.body()).startsWith("{\"data\":{\"roles\":[{\"id\":");
		Response get = admin.http()
			.get("/graphql?documentId=" + ROLES, "Authorization", "Bearer " + admin.accessToken());
		assertThat(get.body()).isEqualTo(post.body());
	}

	@Test
	void shouldRunAnyOtherDocumentInTheDefaultMode() {
		SpaClient admin = new SpaClient(this.port).withToken("Default", "admin");
		assertThat(admin.query("{ roles { name } }")).startsWith("{\"data\":{\"roles\":[{\"name\":");
	}

}
