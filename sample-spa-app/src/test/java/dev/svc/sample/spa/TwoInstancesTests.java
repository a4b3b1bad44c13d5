package dev.svc.sample.spa;

import java.time.Duration;
import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.PlaygroundTour;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestInstance.Lifecycle;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances of the SPA sample on one database, as behind a load balancer: a session
 * cookie from a sign-in on A works on B until the user logs out on A or is deactivated,
 * and a token logged out on A is refused by B within the session check interval (5 s).
 * The test's own context is instance A.
 */
@OnEveryDatabase
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-two-instances" })
@ActiveProfiles("test")
@TestInstance(Lifecycle.PER_CLASS)
class TwoInstancesTests {

	private static final String ROLES = "{ roles { name } }";

	// what an anonymous caller is answered: the specification's error at the field's path
	private static final String NOT_SIGNED_IN = "Error trying to resolve roles. " + PlaygroundTour.NOT_LOGGED_IN;

	@LocalServerPort
	private int port;

	@Autowired
	private Environment environment;

	@Autowired
	private JdbcClient jdbc;

	private ConfigurableApplicationContext instanceB;

	private HttpTestClient a;

	private HttpTestClient b;

	// one instance B for the class: each test signs in anew, and what one changes it puts
	// back
	@BeforeAll
	void startInstanceB() {
		this.instanceB = new SpringApplicationBuilder(SampleSpaApplication.class).profiles("test")
			.properties(Map.of("server.port", "0", "graphql.audit.enabled", "false", "spring.datasource.url",
					this.environment.getRequiredProperty("spring.datasource.url"), "spring.datasource.username",
					this.environment.getProperty("spring.datasource.username", "sa"), "spring.datasource.password",
					this.environment.getProperty("spring.datasource.password", ""),
					// instance A created Spring Session's tables
					"spring.session.jdbc.initialize-schema", "never"))
			.run();
		this.a = new HttpTestClient(this.port);
		this.b = new HttpTestClient(
				this.instanceB.getEnvironment().getRequiredProperty("local.server.port", Integer.class));
	}

	@AfterAll
	void stopInstanceB() {
		this.instanceB.close();
	}

	@Test
	void shouldShareTheCookieSessionAndItsLogOut() {
		Response login = this.a.post("/ui/login", "application/json",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		String cookie = login.header("Set-Cookie").split(";", 2)[0];
		assertThat(this.b.graphQl("/graphql", ROLES, "Cookie", cookie).body()).contains("\"name\":\"Admin\"");
		assertThat(this.a.post("/ui/logout", "application/json", "{}", "Cookie", cookie).status()).isEqualTo(200);
		assertThat(this.b.graphQl("/graphql", ROLES, "Cookie", cookie).body()).contains(NOT_SIGNED_IN);
	}

	@Test
	void shouldEndTheCookieSessionOfADeactivatedUserOnBothInstancesWithinTheSessionCheckInterval()
			throws InterruptedException {
		Response login = this.a.post("/ui/login", "application/json",
				"{\"tenancyName\": \"Second\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		String cookie = login.header("Set-Cookie").split(";", 2)[0];
		assertThat(this.b.graphQl("/graphql", ROLES, "Cookie", cookie).body()).contains("\"name\":\"Admin\"");
		this.jdbc.sql("update svc_users set is_active = false where id = 5").update();
		try {
			long deactivated = System.nanoTime();
			String onB = this.b.graphQl("/graphql", ROLES, "Cookie", cookie).body();
			while (!onB.contains(NOT_SIGNED_IN) && System.nanoTime() - deactivated < Duration.ofSeconds(10).toNanos()) {
				Thread.sleep(100);
				onB = this.b.graphQl("/graphql", ROLES, "Cookie", cookie).body();
			}
			System.out.println("cookie session refused on the other instance "
					+ Duration.ofNanos(System.nanoTime() - deactivated).toMillis() + " ms after the deactivation");
			assertThat(onB).contains(NOT_SIGNED_IN);
			assertThat(this.a.graphQl("/graphql", ROLES, "Cookie", cookie).body()).as("and on A")
				.contains(NOT_SIGNED_IN);
		}
		finally {
			this.jdbc.sql("update svc_users set is_active = true where id = 5").update();
		}
	}

	@Test
	void shouldRefuseATokenLoggedOutOnTheOtherInstanceWithinTheSessionCheckInterval() throws InterruptedException {
		String token = this.a.bearerToken("", "admin", "123qwe");
		assertThat(this.b.graphQl("/graphql", ROLES, "Authorization", token).body()).contains("\"name\":\"Admin\"");
		assertThat(this.a.get("/api/TokenAuth/LogOut", "Authorization", token).status()).isEqualTo(200);
		assertThat(this.a.graphQl("/graphql", ROLES, "Authorization", token).body()).as("on A at once")
			.contains(NOT_SIGNED_IN);
		long loggedOut = System.nanoTime();
		String onB = this.b.graphQl("/graphql", ROLES, "Authorization", token).body();
		while (!onB.contains(NOT_SIGNED_IN) && System.nanoTime() - loggedOut < Duration.ofSeconds(10).toNanos()) {
			Thread.sleep(100);
			onB = this.b.graphQl("/graphql", ROLES, "Authorization", token).body();
		}
		Duration delay = Duration.ofNanos(System.nanoTime() - loggedOut);
		System.out.println("token refused on the other instance " + delay.toMillis() + " ms after its log-out");
		// refused within the 10 s the loop waits; the delay is for the record (the
		// interval is 5 s)
		assertThat(onB).contains(NOT_SIGNED_IN);
	}

}
