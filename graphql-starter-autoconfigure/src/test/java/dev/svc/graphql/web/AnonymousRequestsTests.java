package dev.svc.graphql.web;

import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.test.AnonymousVisitors;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.TestHostApplication;
import jakarta.servlet.http.HttpSessionEvent;
import jakarta.servlet.http.HttpSessionListener;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an anonymous caller who does not sign in leaves on the server when it asks for the
 * module's paths (the endpoint, the schema printer, the playground and the sign-ins'): no
 * session. What it leaves on a host's own pages is each sample's
 * {@code AnonymousRequestsTests}.
 */
@SpringBootTest(classes = { TestHostApplication.class, AnonymousRequestsTests.SessionCounter.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.playground-enabled=true",
				"spring.graphql.schema.printer.enabled=true", "graphql.sign-in.cookie.enabled=true",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=anonymous-test-key-0123456789abcdef-not-a-secret" })
class AnonymousRequestsTests {

	@LocalServerPort
	private int port;

	@Autowired
	private SessionCounter sessions;

	@Test
	void shouldStoreNoSessionForAnonymousRequestsToTheModulesPaths() {
		AnonymousVisitors.assertLeaveNoSession(this.port, this.sessions::created, (anonymous) -> {
			anonymous.graphQl("/graphql", "{ roles { name } }");
			anonymous.graphQl("/graphql", "{ greeting }");
			anonymous.get("/graphql?query=%7B__typename%7D");
			anonymous.get("/graphql/schema");
			anonymous.get("/ui/playground");
			anonymous.post("/api/TokenAuth/RefreshToken", "application/json", "{\"refreshToken\": \"nothing\"}");
		});
	}

	@Test
	void shouldCountTheSessionOfACookieSignIn() {
		int before = this.sessions.created();
		HttpTestClient browser = new HttpTestClient(this.port);
		assertThat(
				browser
					.post("/Account/Login", "application/json",
							HttpTestClient.json(
									Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", "123qwe")))
					.status())
			.isEqualTo(200);
		assertThat(this.sessions.created()).isEqualTo(before + 1);
	}

	/** Counts the servlet sessions the application creates. */
	static class SessionCounter implements HttpSessionListener {

		private final AtomicInteger created = new AtomicInteger();

		@Override
		public void sessionCreated(HttpSessionEvent event) {
			this.created.incrementAndGet();
		}

		int created() {
			return this.created.get();
		}

	}

}
