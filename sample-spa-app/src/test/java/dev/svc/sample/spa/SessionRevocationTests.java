package dev.svc.sample.spa;

import java.time.Duration;
import java.util.function.Consumer;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.PlaygroundTour;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One revocation rule for every kind of session: a session cookie from the login page
 * ends as a bearer token does when its user is deactivated or changes its password, when
 * its tenant is deactivated, or when the token session is logged out, on every path (the
 * GraphQL endpoint, the host's pages, the two-factor set-up). A lockout ends neither: it
 * refuses new sign-ins only. The host's clock is moved past the 5 s check interval after
 * each change, so that the next request asks the database; {@code TwoInstancesTests}
 * shows the interval across instances.
 */
@OnEveryDatabase
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-session-revocation" })
@ActiveProfiles("test")
@Import(MutableClock.Bean.class)
class SessionRevocationTests {

	/** The session check interval, and a moment. */
	private static final Duration CHECK_INTERVAL = Duration.ofSeconds(6);

	private static final String ROLES = "{ roles { name } }";

	// what an anonymous caller is answered: the specification's error at the field's path
	private static final String NOT_SIGNED_IN = "Error trying to resolve roles. " + PlaygroundTour.NOT_LOGGED_IN;

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private MutableClock clock;

	private String passwordHash;

	@BeforeEach
	void keepThePassword() {
		this.passwordHash = this.jdbc.sql("select password_hash from svc_users where id = 5")
			.query(String.class)
			.single();
	}

	@AfterEach
	void restore() {
		this.jdbc
			.sql("update svc_users set is_active = true, lockout_end_date = null, access_failed_count = 0,"
					+ " password_hash = :hash where id = 5")
			.param("hash", this.passwordHash)
			.update();
		this.jdbc.sql("update svc_tenants set is_active = true where id = 2").update();
	}

	// signs the second tenant's admin in with a cookie and with a token, then does
	// something to it
	private void shouldEndBothSessionsWhen(Consumer<String> revocation) {
		HttpTestClient cookie = new SpaClient(this.port).withCookie("Second", "admin").http();
		HttpTestClient tokenClient = new HttpTestClient(this.port);
		String token = tokenClient.bearerToken("Second", "admin", "123qwe");
		assertThat(cookie.graphQl("/graphql", ROLES).body()).contains("\"name\":\"Admin\"");
		assertThat(cookie.get("/ui/").status()).isEqualTo(200);

		revocation.accept(token);
		this.clock.advance(CHECK_INTERVAL);

		assertThat(cookie.graphQl("/graphql", ROLES).body()).as("the cookie on the GraphQL endpoint")
			.contains(NOT_SIGNED_IN);
		assertThat(cookie.get("/ui/").status()).as("the cookie on the host's page").isEqualTo(302);
		assertThat(cookie.post("/api/TokenAuth/TwoFactor/Authenticator", "application/json", "{}").status())
			.as("the cookie on the two-factor set-up")
			.isEqualTo(401);
		assertThat(tokenClient.graphQl("/graphql", ROLES, "Authorization", token).body()).as("the token")
			.contains(NOT_SIGNED_IN);
	}

	@Test
	void shouldEndTheSessionsOfADeactivatedUser() {
		shouldEndBothSessionsWhen(
				(token) -> this.jdbc.sql("update svc_users set is_active = false where id = 5").update());
	}

	@Test
	void shouldEndTheSessionsOfAUserWhosePasswordChanged() {
		shouldEndBothSessionsWhen((token) -> this.jdbc
			.sql("update svc_users set password_hash = (select password_hash from svc_users where id = 3) where id = 5")
			.update());
	}

	@Test
	void shouldEndTheSessionsOfAUserOfADeactivatedTenant() {
		shouldEndBothSessionsWhen(
				(token) -> this.jdbc.sql("update svc_tenants set is_active = false where id = 2").update());
	}

	@Test
	void shouldKeepTheSessionsOfAUserLockedOutByWrongPasswords() {
		HttpTestClient cookie = new SpaClient(this.port).withCookie("Second", "admin").http();
		HttpTestClient tokenClient = new HttpTestClient(this.port);
		String token = tokenClient.bearerToken("Second", "admin", "123qwe");
		// anyone who knows the name fails five times on purpose
		for (int i = 0; i < 5; i++) {
			new HttpTestClient(this.port).post("/api/TokenAuth/Authenticate", "application/json",
					"{\"tenancyName\": \"Second\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"guess" + i
							+ "\"}");
		}
		assertThat(new HttpTestClient(this.port)
			.post("/api/TokenAuth/Authenticate", "application/json",
					"{\"tenancyName\": \"Second\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}")
			.body()).as("a new sign-in is refused").contains("The user account has been locked out.");
		this.clock.advance(CHECK_INTERVAL);
		assertThat(cookie.graphQl("/graphql", ROLES).body()).as("the cookie").contains("\"name\":\"Admin\"");
		assertThat(cookie.get("/ui/").status()).as("the cookie on the host's page").isEqualTo(200);
		assertThat(tokenClient.graphQl("/graphql", ROLES, "Authorization", token).body()).as("the token")
			.contains("\"name\":\"Admin\"");
	}

	@Test
	void shouldNotBringSessionsBackWhenTheUserIsActivatedAgain() {
		shouldEndBothSessionsWhen(
				(token) -> this.jdbc.sql("update svc_users set is_active = false where id = 5").update());
		this.jdbc.sql("update svc_users set is_active = true where id = 5").update();
		HttpTestClient cookie = new SpaClient(this.port).withCookie("Second", "admin").http();
		assertThat(cookie.graphQl("/graphql", ROLES).body()).contains("\"name\":\"Admin\"");
		assertThat(this.jdbc.sql("select count(*) from svc_sign_in_sessions where user_id = 5 and revoked_time is null")
			.query(Integer.class)
			.single()).as("only the new sign-in's session").isEqualTo(1);
	}

}
