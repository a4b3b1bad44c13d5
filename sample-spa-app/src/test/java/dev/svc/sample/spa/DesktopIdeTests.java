package dev.svc.sample.spa;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.IdeProject;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

/**
 * What a desktop IDE opens with {@code graphql.config.yml}: the schema the application
 * serves to the administrator's bearer token, the header the IDE sends, and documents
 * that run without errors.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class DesktopIdeTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldWriteTheServedSchemaForDocumentsThatRun() {
		HttpTestClient ide = new HttpTestClient(this.port);
		IdeProject.assertServedSchemaAndDocumentsThatRun(ide, "Authorization",
				ide.bearerToken("Default", "admin", "123qwe"));
	}

}
