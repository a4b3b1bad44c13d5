package dev.svc.graphql.web;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The database goes out of reach under a running app: requests fail within the pool's
 * wait ({@code spring.datasource.hikari.connection-timeout}) with a GraphQL-shaped 503,
 * and the app answers again as soon as the database is back, without a restart. On
 * PostgreSQL, whose connections to the test database are refused and cut for a while; H2
 * runs in the app's own process and cannot go away.
 */
@OnEveryDatabase
@EnabledIfSystemProperty(named = "svc.test.database", matches = "postgresql")
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=outage-test-key-0123456789abcdef-0000",
				"spring.datasource.hikari.connection-timeout=1500" })
class DatabaseOutageTests {

	@LocalServerPort
	private int port;

	@Value("${spring.datasource.url}")
	private String url;

	@Test
	void shouldAnswer503WhileTheDatabaseIsAwayAndRecoverAfter() throws Exception {
		HttpTestClient http = new HttpTestClient(this.port);
		String token = http.bearerToken("", "admin", "123qwe");
		String database = this.url.substring(this.url.lastIndexOf('/') + 1);

		TestDatabase.takeAway(database);
		try {
			Response away = http.graphQl("/graphql", "{ roles { id } }", "Authorization", token);
			assertThat(away.status()).isEqualTo(503);
			assertThat(away.header("Retry-After")).isEqualTo("5");
			assertThat(away.body()).isEqualTo("{\"errors\":[{\"message\":\"The database cannot be reached; try again "
					+ "later.\",\"locations\":[],\"path\":[],\"extensions\":{\"code\":\"SERVICE_UNAVAILABLE\"}}]}");
		}
		finally {
			TestDatabase.bringBack(database);
		}
		// the pool finds its cut connections dead as it hands them out, and replaces them
		Response back = http.graphQl("/graphql", "{ roles { id } }", "Authorization", token);
		for (int attempt = 1; back.status() != 200 && attempt < 20; attempt++) {
			Thread.sleep(250);
			back = http.graphQl("/graphql", "{ roles { id } }", "Authorization", token);
		}
		assertThat(back.status()).isEqualTo(200);
		assertThat(back.body()).isEqualTo("{\"data\":{\"roles\":[{\"id\":1}]}}");
	}

}
