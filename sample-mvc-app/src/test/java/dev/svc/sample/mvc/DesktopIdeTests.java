package dev.svc.sample.mvc;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.IdeProject;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a desktop IDE opens with {@code graphql.config.yml}: the schema the application
 * serves to the administrator signed in by the login form, and documents that run without
 * errors.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DesktopIdeTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldWriteTheServedSchemaForDocumentsThatRun() {
		HttpTestClient browser = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(browser, "Default", "admin", "123qwe").status()).isEqualTo(302);
		IdeProject.assertServedSchemaAndDocumentsThatRun(browser);
	}

}
