package dev.svc.graphql.starter;

import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryDatabase;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The host of the getting-started page answers the golden queries: anonymous handlers
 * run, the built-in queries refuse anonymous callers, and users signed in by token or by
 * cookie get their data.
 */
@OnEveryDatabase
@SpringBootTest(classes = GettingStartedHost.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("getting-started")
class GettingStartedTests {

	private static final String ROLES = "{ roles { id name displayName isStatic isDefault creationTime tenantId } }";

	private static final String HOST_ROLES = """
			{"data": {"roles": [
			  {"id": 1, "name": "Admin", "displayName": "Admin", "isStatic": true, "isDefault": true,
			   "creationTime": "2024-01-01T00:00:00.000Z", "tenantId": null}]}}""";

	private static final String LOGIN = HttpTestClient
		.json(Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", "123qwe"));

	@LocalServerPort
	private int port;

	@Test
	void shouldRunAnonymousHandlersAndRefuseAnonymousCallsOfTheBuiltIns() throws Exception {
		HttpTestClient http = new HttpTestClient(this.port);
		JSONAssert.assertEquals("""
				{"data": {"hello": "Hello, stranger!"}}""", http.graphQl("/graphql", "{ hello }").body(),
				JSONCompareMode.STRICT);
		// roles is not in an anonymous caller's schema, and the introspection rule does
		// not say so
		JSONAssert.assertEquals("""
				{"data": null, "errors": [{
				  "message": "Error trying to resolve roles. Current user did not login to the application!",
				  "locations": [{"line": 1, "column": 3}], "path": ["roles"],
				  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""", http.graphQl("/graphql", ROLES).body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldAnswerUsersSignedInByToken() throws Exception {
		HttpTestClient http = new HttpTestClient(this.port);
		JSONAssert.assertEquals(HOST_ROLES,
				http.graphQl("/graphql", ROLES, "Authorization", http.bearerToken("", "admin", "123qwe")).body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldAnswerUsersSignedInByCookie() throws Exception {
		HttpTestClient browser = new HttpTestClient(this.port);
		Response signIn = browser.post("/Account/Login", "application/json", LOGIN);
		assertThat(signIn.status()).isEqualTo(200);
		assertThat(signIn.body()).isEqualTo("{\"success\":true,\"targetUrl\":\"/\"}");
		JSONAssert.assertEquals(HOST_ROLES, browser.graphQl("/graphql", ROLES).body(), JSONCompareMode.STRICT);
		JSONAssert.assertEquals("""
				{"data": {"hello": "Hello, admin!"}}""", browser.graphQl("/graphql", "{ hello }").body(),
				JSONCompareMode.STRICT);
	}

}
