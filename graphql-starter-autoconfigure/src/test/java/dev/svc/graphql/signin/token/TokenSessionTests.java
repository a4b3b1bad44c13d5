package dev.svc.graphql.signin.token;

import java.time.Duration;
import java.util.Map;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.PlaygroundTour;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.parse;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sessions of the token sign-in over HTTP, with a clock the tests move: refresh
 * tokens rotate and a reused one ends its session, log-out ends it, and deactivating the
 * user or its tenant or changing its password ends it within the session check interval
 * (5 s), as another instance sharing the database sees it.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY })
@AutoConfigureMockMvc
@Import(MutableClock.Bean.class)
class TokenSessionTests {

	private static final String ROLES = "{ roles { name } }";

	/**
	 * What a query of a field that requires a permission answers a caller that is not
	 * signed in.
	 */
	private static final String NOT_SIGNED_IN = PlaygroundTour.NOT_LOGGED_IN;

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	private Tokens signIn(String tenancyName) {
		MvcTestResult response = postJson(this.mvc, "/api/TokenAuth/Authenticate",
				json(Map.of("tenancyName", tenancyName, "userNameOrEmailAddress", "admin", "password", "123qwe")))
			.exchange();
		assertThat(response).hasStatus(200);
		return tokens(response);
	}

	private static Tokens tokens(MvcTestResult response) {
		Map<?, ?> result = (Map<?, ?>) parse(body(response)).get("result");
		return new Tokens((String) result.get("accessToken"), (String) result.get("refreshToken"));
	}

	private MvcTestResult refresh(String refreshToken) {
		return postJson(this.mvc, "/api/TokenAuth/RefreshToken", json(Map.of("refreshToken", refreshToken))).exchange();
	}

	private String query(Tokens tokens) {
		return body(
				graphQl(this.mvc, "/graphql", ROLES).header("Authorization", "Bearer " + tokens.access()).exchange());
	}

	@Test
	void shouldRotateRefreshTokensAndEndTheSessionWhenOneComesTwice() {
		Tokens first = signIn("");
		MvcTestResult refreshed = refresh(first.refresh());
		assertThat(refreshed).hasStatus(200);
		assertThat(body(refreshed)).contains("\"success\":true").contains("\"expireInSeconds\":86400");
		Tokens second = tokens(refreshed);
		assertThat(second.refresh()).isNotEqualTo(first.refresh());
		assertThat(query(second)).contains("\"name\":\"Admin\"");

		// the first refresh token again: stolen, so the whole session ends
		MvcTestResult reused = refresh(first.refresh());
		assertThat(reused).hasStatus(401);
		assertThat(body(reused))
			.contains("\"message\":\"The refresh token is not valid, or its session has ended: sign in again.\"")
			.contains("\"unAuthorizedRequest\":true");
		assertThat(query(second)).contains(NOT_SIGNED_IN);
		assertThat(refresh(second.refresh())).hasStatus(401);
		assertThat(query(first)).contains(NOT_SIGNED_IN);
	}

	@Test
	void shouldEndTheSessionAtLogOut() {
		Tokens tokens = signIn("");
		Tokens other = signIn("");
		MvcTestResult logOut = this.mvc.get()
			.uri("/api/TokenAuth/LogOut")
			.header("Authorization", "Bearer " + tokens.access())
			.exchange();
		assertThat(logOut).hasStatus(200);
		assertThat(body(logOut)).contains("\"success\":true");
		assertThat(query(tokens)).contains(NOT_SIGNED_IN);
		assertThat(refresh(tokens.refresh())).hasStatus(401);
		assertThat(query(other)).as("another sign-in's session").contains("\"name\":\"Admin\"");
		assertThat(this.mvc.get().uri("/api/TokenAuth/LogOut")).as("nothing to end").hasStatus(200);
	}

	@Test
	void shouldEndTheSessionWithinTheCheckIntervalWhenItsUserOrTenantIsDeactivatedOrItsPasswordChanges() {
		assertEndsWithin5Seconds("Default", "update svc_users set is_active = false where id = 2",
				"update svc_users set is_active = true where id = 2");
		assertEndsWithin5Seconds("Default", "update svc_tenants set is_active = false where id = 1",
				"update svc_tenants set is_active = true where id = 1");
		String hash = this.jdbc.sql("select password_hash from svc_users where id = 2").query(String.class).single();
		assertEndsWithin5Seconds("Default",
				"update svc_users set password_hash = concat(password_hash, 'x') where id = 2",
				"update svc_users set password_hash = '" + hash + "' where id = 2");
	}

	private void assertEndsWithin5Seconds(String tenancyName, String change, String undo) {
		Tokens tokens = signIn(tenancyName);
		assertThat(query(tokens)).contains("\"name\":\"Admin\"");
		this.jdbc.sql(change).update();
		try {
			// as another instance that checked the session a moment ago: it trusts it for
			// 5 s more
			this.clock.advance(Duration.ofSeconds(4));
			assertThat(query(tokens)).as(change).contains("\"name\":\"Admin\"");
			this.clock.advance(Duration.ofSeconds(1));
			assertThat(query(tokens)).as(change).contains(NOT_SIGNED_IN);
			assertThat(refresh(tokens.refresh())).as(change).hasStatus(401);
		}
		finally {
			this.jdbc.sql(undo).update();
		}
	}

	@Test
	void shouldEndEveryTokenOfASessionAtItsAbsoluteEnd() {
		Tokens tokens = signIn("");
		this.clock.advance(Duration.ofDays(364).plusHours(12));
		MvcTestResult refreshed = refresh(tokens.refresh());
		assertThat(refreshed).hasStatus(200);
		assertThat(body(refreshed)).as("the access token ends with the session")
			.contains("\"expireInSeconds\":43200")
			.contains("\"refreshTokenExpireInSeconds\":43200");
		Tokens last = tokens(refreshed);
		this.clock.advance(Duration.ofHours(12));
		assertThat(refresh(last.refresh())).hasStatus(401);
		assertThat(query(last)).contains(NOT_SIGNED_IN);
	}

	@Test
	void shouldSayWhatARefreshNeeds() {
		MvcTestResult response = postJson(this.mvc, "/api/TokenAuth/RefreshToken", "{}").exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("The refreshToken field is required, in a JSON body");
		MvcTestResult unreadable = postJson(this.mvc, "/api/TokenAuth/RefreshToken", "[1]").exchange();
		assertThat(unreadable).hasStatus(400);
		assertThat(body(unreadable)).contains("The body must be a JSON object: {\\\"refreshToken\\\": \\\"...\\\"}.");
	}

	@Test
	void shouldTakeTheRefreshTokenFromTheBodyOnly() {
		String refreshToken = signIn("").refresh();
		// the token is URL-safe: the URI is the one a client would send
		MvcTestResult inTheUrl = postJson(this.mvc, "/api/TokenAuth/RefreshToken?refreshToken=" + refreshToken, "{}")
			.exchange();
		assertThat(inTheUrl).as("a URL ends up in logs and histories").hasStatus(400);
		assertThat(refresh(refreshToken)).hasStatus(200);
	}

	private record Tokens(String access, String refresh) {
	}

}
