package dev.svc.graphql.signin.token;

import java.time.Duration;
import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sessions of the token sign-in over real HTTP, with a clock the tests move: refresh tokens
 * rotate and a reused one ends its session, log-out ends it, and deactivating the user or its
 * tenant or changing its password ends it within the session check interval (5 s), as another
 * instance sharing the database sees it.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY })
@Import(MutableClock.Bean.class)
class TokenSessionTests {

	private static final String ROLES = "{ roles { name } }";

	private static final String NOT_SIGNED_IN = "Current user did not login to the application!";

	@LocalServerPort
	private int port;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	private HttpTestClient http;

	@BeforeEach
	void client() {
		this.http = new HttpTestClient(this.port);
	}

	private record Tokens(String access, String refresh) {
	}

	private Tokens signIn(String tenancyName) {
		Response response = this.http.post("/api/TokenAuth/Authenticate", "application/json", HttpTestClient.json(Map.of(
				"tenancyName", tenancyName, "userNameOrEmailAddress", "admin", "password", "123qwe")));
		assertThat(response.status()).isEqualTo(200);
		return tokens(response);
	}

	private static Tokens tokens(Response response) {
		Map<?, ?> result = (Map<?, ?>) HttpTestClient.parse(response.body()).get("result");
		return new Tokens((String) result.get("accessToken"), (String) result.get("refreshToken"));
	}

	private Response refresh(String refreshToken) {
		return this.http.post("/api/TokenAuth/RefreshToken", "application/json",
				HttpTestClient.json(Map.of("refreshToken", refreshToken)));
	}

	private String query(Tokens tokens) {
		return this.http.graphQl("/graphql", ROLES, "Authorization", "Bearer " + tokens.access()).body();
	}

	@Test
	void shouldRotateRefreshTokensAndEndTheSessionWhenOneComesTwice() {
		Tokens first = signIn("");
		Response refreshed = refresh(first.refresh());
		assertThat(refreshed.status()).isEqualTo(200);
		assertThat(refreshed.body()).contains("\"success\":true").contains("\"expireInSeconds\":86400");
		Tokens second = tokens(refreshed);
		assertThat(second.refresh()).isNotEqualTo(first.refresh());
		assertThat(query(second)).contains("\"name\":\"Admin\"");

		// the first refresh token again: stolen, so the whole session ends
		Response reused = refresh(first.refresh());
		assertThat(reused.status()).isEqualTo(401);
		assertThat(reused.body())
			.contains("\"message\":\"The refresh token is not valid, or its session has ended: sign in again.\"")
			.contains("\"unAuthorizedRequest\":true");
		assertThat(query(second)).contains(NOT_SIGNED_IN);
		assertThat(refresh(second.refresh()).status()).isEqualTo(401);
		assertThat(query(first)).contains(NOT_SIGNED_IN);
	}

	@Test
	void shouldEndTheSessionAtLogOut() {
		Tokens tokens = signIn("");
		Tokens other = signIn("");
		Response logOut = this.http.get("/api/TokenAuth/LogOut", "Authorization", "Bearer " + tokens.access());
		assertThat(logOut.status()).isEqualTo(200);
		assertThat(logOut.body()).contains("\"success\":true");
		assertThat(query(tokens)).contains(NOT_SIGNED_IN);
		assertThat(refresh(tokens.refresh()).status()).isEqualTo(401);
		assertThat(query(other)).as("another sign-in's session").contains("\"name\":\"Admin\"");
		assertThat(this.http.get("/api/TokenAuth/LogOut").status()).as("nothing to end").isEqualTo(200);
	}

	@Test
	void shouldEndTheSessionWithinTheCheckIntervalWhenItsUserOrTenantIsDeactivatedOrItsPasswordChanges() {
		assertEndsWithin5Seconds("Default", "update svc_users set is_active = false where id = 2",
				"update svc_users set is_active = true where id = 2");
		assertEndsWithin5Seconds("Default", "update svc_tenants set is_active = false where id = 1",
				"update svc_tenants set is_active = true where id = 1");
		String hash = this.jdbc.sql("select password_hash from svc_users where id = 2").query(String.class).single();
		assertEndsWithin5Seconds("Default", "update svc_users set password_hash = password_hash || 'x' where id = 2",
				"update svc_users set password_hash = '" + hash + "' where id = 2");
	}

	private void assertEndsWithin5Seconds(String tenancyName, String change, String undo) {
		Tokens tokens = signIn(tenancyName);
		assertThat(query(tokens)).contains("\"name\":\"Admin\"");
		this.jdbc.sql(change).update();
		try {
			// as another instance that checked the session a moment ago: it trusts it for 5 s more
			this.clock.advance(Duration.ofSeconds(4));
			assertThat(query(tokens)).as(change).contains("\"name\":\"Admin\"");
			this.clock.advance(Duration.ofSeconds(1));
			assertThat(query(tokens)).as(change).contains(NOT_SIGNED_IN);
			assertThat(refresh(tokens.refresh()).status()).as(change).isEqualTo(401);
		}
		finally {
			this.jdbc.sql(undo).update();
		}
	}

	@Test
	void shouldEndEveryTokenOfASessionAtItsAbsoluteEnd() {
		Tokens tokens = signIn("");
		this.clock.advance(Duration.ofDays(364).plusHours(12));
		Response refreshed = refresh(tokens.refresh());
		assertThat(refreshed.status()).isEqualTo(200);
		assertThat(refreshed.body()).as("the access token ends with the session")
			.contains("\"expireInSeconds\":43200")
			.contains("\"refreshTokenExpireInSeconds\":43200");
		Tokens last = tokens(refreshed);
		this.clock.advance(Duration.ofHours(12));
		assertThat(refresh(last.refresh()).status()).isEqualTo(401);
		assertThat(query(last)).contains(NOT_SIGNED_IN);
	}

	@Test
	void shouldSayWhatARefreshNeeds() {
		Response response = this.http.post("/api/TokenAuth/RefreshToken", "application/json", "{}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("The refreshToken field is required, in a JSON body");
		Response unreadable = this.http.post("/api/TokenAuth/RefreshToken", "application/json", "[1]");
		assertThat(unreadable.status()).isEqualTo(400);
		assertThat(unreadable.body()).contains("The body must be a JSON object: {\\\"refreshToken\\\": \\\"...\\\"}.");
	}

	@Test
	void shouldTakeTheRefreshTokenFromTheBodyOnly() {
		String refreshToken = (String) ((Map<?, ?>) HttpTestClient.parse(this.http
			.post("/api/TokenAuth/Authenticate", "application/json",
					"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}")
			.body()).get("result")).get("refreshToken");
		Response inTheUrl = this.http.post("/api/TokenAuth/RefreshToken?refreshToken=" + refreshToken, "application/json",
				"{}");
		assertThat(inTheUrl.status()).as("a URL ends up in logs and histories").isEqualTo(400);
		assertThat(this.http.post("/api/TokenAuth/RefreshToken", "application/json",
				HttpTestClient.json(Map.of("refreshToken", refreshToken))).status()).isEqualTo(200);
	}

}
