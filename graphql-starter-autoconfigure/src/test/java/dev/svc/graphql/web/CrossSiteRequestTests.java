package dev.svc.graphql.web;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a page of another site can make a signed-in user's browser send never runs as that user
 * (decisions §10): a GET runs as the user of the session only with a header that needs a CORS
 * preflight; form and text bodies are refused before they run.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.cookie.enabled=true" })
class CrossSiteRequestTests {

	@LocalServerPort
	private int port;

	private HttpTestClient signedInBrowser() {
		HttpTestClient browser = new HttpTestClient(this.port);
		assertThat(browser.post("/Account/Login", "application/json", HttpTestClient
			.json(Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", "123qwe"))).status())
			.isEqualTo(200);
		return browser;
	}

	@Test
	void shouldRunACookieGetAnonymouslyWithoutThePreflightHeader() {
		HttpTestClient browser = signedInBrowser();
		assertThat(browser.get("/graphql?query=%7Bsecret%7D").body())
			.contains("Current user did not login to the application!");
		assertThat(browser.get("/graphql?query=%7Bsecret%7D", "GraphQL-Require-Preflight", "1").body())
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
	}

	@Test
	void shouldRunACookieGetOfAPersistedQueryAnonymouslyWithoutThePreflightHeader() {
		HttpTestClient browser = signedInBrowser();
		String extensions = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256("{ secret }")
				+ "\"}}";
		assertThat(browser.post("/graphql", "application/json",
				"{\"query\": \"{ secret }\", \"extensions\": " + extensions + "}").body())
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
		String get = "/graphql?extensions=" + URLEncoder.encode(extensions, StandardCharsets.UTF_8);
		assertThat(browser.get(get).body()).contains("Current user did not login to the application!");
		assertThat(browser.get(get, "GraphQL-Require-Preflight", "1").body()).isEqualTo("{\"data\":{\"secret\":\"42\"}}");
	}

	@Test
	void shouldRunACookiePostWithAJsonBodyAsTheUser() {
		assertThat(signedInBrowser().graphQl("/graphql", "{ secret }").body()).isEqualTo("{\"data\":{\"secret\":\"42\"}}");
	}

	@Test
	void shouldRefuseBodiesAFormOrAScriptOfAnotherSiteCouldSend() {
		HttpTestClient browser = signedInBrowser();
		for (String contentType : new String[] { "application/x-www-form-urlencoded", "text/plain",
				"multipart/form-data; boundary=x" }) {
			assertThat(browser.post("/graphql", contentType, "{\"query\": \"{ secret }\"}").status()).as(contentType)
				.isEqualTo(415);
		}
	}

}
