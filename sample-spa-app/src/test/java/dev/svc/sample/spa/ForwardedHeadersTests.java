package dev.svc.sample.spa;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Forwarded headers from a client that is no proxy of the host's, as the sample ships (no
 * proxy named): {@code X-Forwarded-For} does not make a new client of each attempt for
 * the sign-in throttle (30 a minute, as in production) and never reaches the audit log,
 * and {@code X-Forwarded-Host} never reaches a redirect.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=true", "graphql.sign-in.throttle.max-attempts=30",
				"spring.datasource.url=jdbc:h2:mem:svc-forwarded-headers" })
@ActiveProfiles("test")
class ForwardedHeadersTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private ApplicationContext context;

	@Test
	void shouldThrottleAClientThatNamesANewAddressForEveryAttempt() {
		HttpTestClient attacker = new HttpTestClient(this.port);
		// the other tests of this class sign in from the same address: at most 30 all
		// together
		for (int i = 0; i < 30; i++) {
			Response guess = attacker.post("/api/TokenAuth/Authenticate", "application/json",
					"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"nobody" + i + "\", \"password\": \"guess\"}",
					"X-Forwarded-For", "203.0.113." + i);
			assertThat(guess.status()).isIn(401, 429);
		}
		Response refused = attacker.post("/api/TokenAuth/Authenticate", "application/json",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"nobody\", \"password\": \"guess\"}",
				"X-Forwarded-For", "203.0.113.250");
		assertThat(refused.status()).isEqualTo(429);
		assertThat(refused.body()).contains("Too many sign-in attempts from your address.");
	}

	@Test
	void shouldNeverStoreAForwardedAddressOfAClientInTheAuditLog() {
		new HttpTestClient(this.port).post("/api/TokenAuth/Authenticate", "application/json",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"marker-of-this-test\", \"password\": \"guess\"}",
				"X-Forwarded-For", "<script>alert(1)</script>");
		new HttpTestClient(this.port).graphQl("/graphql", "{ __typename }", "X-Forwarded-For",
				"<script>alert(2)</script>");
		flushAuditLog();
		assertThat(this.jdbc
			.sql("select client_ip_address from svc_audit_logs where parameters like '%marker-of-this-test%'")
			.query(String.class)
			.list()).containsOnly("127.0.0.1");
		assertThat(this.jdbc.sql("select count(*) from svc_audit_logs where client_ip_address like '%script%'")
			.query(Integer.class)
			.single()).isZero();
	}

	@Test
	void shouldKeepTheAppsOwnHostInRedirects() {
		Response redirect = new HttpTestClient(this.port).get("/ui/", "X-Forwarded-Host", "evil.example");
		assertThat(redirect.status()).isEqualTo(302);
		assertThat(redirect.header("Location")).doesNotContain("evil.example");
	}

	// the module's writer writes everything it holds before its stop returns
	private void flushAuditLog() {
		SmartLifecycle writer = (SmartLifecycle) this.context.getBean(AuditLogWriter.class);
		writer.stop();
		writer.start();
	}

}
