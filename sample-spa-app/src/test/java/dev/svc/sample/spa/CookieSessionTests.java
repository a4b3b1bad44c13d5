package dev.svc.sample.spa;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The session cookie of the single-page login: HttpOnly and SameSite=Lax always, Secure
 * whenever the request came over TLS, as the proxy in front says with
 * {@code X-Forwarded-Proto}: a proxy the host names, never the client itself.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class CookieSessionTests {

	private static final String LOGIN = "{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}";

	@LocalServerPort
	private int port;

	@Test
	void shouldEndTheSessionAtLogOut() {
		SpaClient signedIn = new SpaClient(this.port).withCookie("", "admin");
		HttpTestClient http = signedIn.http();
		assertThat(http.graphQl("/graphql", "{ roles { name } }").body()).contains("\"name\":\"Admin\"");
		// a form another site could post carries no CSRF token: refused
		assertThat(http.post("/ui/logout", "application/x-www-form-urlencoded", "").status()).isEqualTo(403);
		Response logOut = http.post("/ui/logout", "application/json", "{}");
		assertThat(logOut.status()).isEqualTo(200);
		assertThat(logOut.body()).isEqualTo("{\"success\":true,\"targetUrl\":\"/ui/login\"}");
		assertThat(http.graphQl("/graphql", "{ roles { name } }").body()).as("anonymous again")
			.contains("\"code\":\"SVC_AUTHORIZATION\"")
			.contains("Current user did not login to the application!");
		assertThat(http.get("/ui/").status()).as("the home page asks to log in again").isEqualTo(302);
	}

	@Test
	void shouldNotBelieveAClientThatSaysItCameOverTls() {
		Response claimed = new HttpTestClient(this.port).post("/ui/login", "application/json", LOGIN,
				"X-Forwarded-Proto", "https");
		assertThat(claimed.header("Set-Cookie")).as("no proxy is trusted by default").doesNotContain("Secure");
	}

}
