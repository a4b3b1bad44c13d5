package dev.svc.sample.spa;

import java.util.Map;

import dev.svc.graphql.security.SecurityHeaders;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every page, the host's and the module's, tells the browser to send other sites the
 * origin only and lets no page use a device, a sensor or payments.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class SecurityHeadersTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldSendTheReferrerAndPermissionsPoliciesOnEveryPage() {
		HttpTestClient browser = new HttpTestClient(this.port);
		assertPolicies(browser.get("/ui/login"), 200);
		assertPolicies(browser.get("/ui/login.js"), 200);
		assertPolicies(browser.get("/ui/playground"), 200);
		assertPolicies(browser.get("/actuator/health"), 200);
		assertPolicies(browser.graphQl("/graphql", "{ __typename }"), 200);
		// the module's sign-ins, a wrong password (its answer is another finding's) and
		// then the right one
		assertPolicies(browser.post("/api/TokenAuth/Authenticate", "application/json", signIn("wrong-password")), null);
		assertPolicies(browser.post("/api/TokenAuth/Authenticate", "application/json", signIn("123qwe")), 200);
		assertPolicies(browser.post("/ui/login", "application/json", signIn("wrong-password")), null);
		assertPolicies(browser.post("/ui/login", "application/json", signIn("123qwe")), 200);
		assertPolicies(browser.get("/ui/"), 200);
	}

	private static String signIn(String password) {
		return HttpTestClient.json(Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", password));
	}

	private static void assertPolicies(Response response, @Nullable Integer status) {
		if (status != null) {
			assertThat(response.status()).as(response.raw().uri().toString()).isEqualTo(status);
		}
		assertThat(response.header("Referrer-Policy")).as(response.raw().uri().toString())
			.isEqualTo("strict-origin-when-cross-origin");
		assertThat(response.header("Permissions-Policy")).as(response.raw().uri().toString())
			.isEqualTo(SecurityHeaders.PERMISSIONS_POLICY)
			.contains("camera=()", "microphone=()", "geolocation=()", "payment=()");
	}

}
