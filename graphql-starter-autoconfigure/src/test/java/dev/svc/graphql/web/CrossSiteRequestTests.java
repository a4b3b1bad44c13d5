package dev.svc.graphql.web;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.test.PlaygroundTour;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.web.util.UriUtils;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static dev.svc.graphql.test.MockMvcRequests.signedInSession;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a page of another site can make a signed-in user's browser send never runs as that
 * user (decisions §10): a GET runs as the user of the session only with a header that
 * needs a CORS preflight; form and text bodies are refused before they run.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.cookie.enabled=true" })
@AutoConfigureMockMvc
class CrossSiteRequestTests {

	// already encoded: a URI template would encode it again
	private static final URI SECRET_BY_GET = URI.create("/graphql?query=%7Bsecret%7D");

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldRunACookieGetAnonymouslyWithoutThePreflightHeader() {
		MockHttpSession session = signedInSession(this.mvc, "", "admin", "123qwe");
		assertThat(this.mvc.get().uri(SECRET_BY_GET).session(session)).bodyText()
			.contains(PlaygroundTour.NOT_LOGGED_IN);
		assertThat(this.mvc.get().uri(SECRET_BY_GET).session(session).header("GraphQL-Require-Preflight", "1"))
			.bodyText()
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
	}

	@Test
	void shouldRunACookieGetOfAPersistedQueryAnonymouslyWithoutThePreflightHeader() {
		MockHttpSession session = signedInSession(this.mvc, "", "admin", "123qwe");
		String extensions = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \""
				+ PersistedQuery.sha256("{ secret }") + "\"}}";
		assertThat(
				body(postJson(this.mvc, "/graphql", "{\"query\": \"{ secret }\", \"extensions\": " + extensions + "}")
					.session(session)
					.exchange()))
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
		// already encoded: a URI template would encode it again
		URI get = URI.create("/graphql?extensions=" + UriUtils.encodeQueryParam(extensions, StandardCharsets.UTF_8));
		// anonymous, the caller is not shown secret: the document kept for the
		// administrator is one not found
		assertThat(this.mvc.get().uri(get).session(session)).bodyText().contains("PersistedQueryNotFound");
		assertThat(this.mvc.get().uri(get).session(session).header("GraphQL-Require-Preflight", "1")).bodyText()
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
	}

	@Test
	void shouldRunACookiePostWithAJsonBodyAsTheUser() {
		MockHttpSession session = signedInSession(this.mvc, "", "admin", "123qwe");
		assertThat(body(graphQl(this.mvc, "/graphql", "{ secret }").session(session).exchange()))
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
	}

	@Test
	void shouldRefuseBodiesAFormOrAScriptOfAnotherSiteCouldSend() {
		MockHttpSession session = signedInSession(this.mvc, "", "admin", "123qwe");
		for (String contentType : new String[] { "application/x-www-form-urlencoded", "text/plain",
				"multipart/form-data; boundary=x" }) {
			assertThat(this.mvc.post()
				.uri("/graphql")
				.session(session)
				.header("Content-Type", contentType)
				.content("{\"query\": \"{ secret }\"}")).as(contentType).hasStatus(415);
		}
	}

}
