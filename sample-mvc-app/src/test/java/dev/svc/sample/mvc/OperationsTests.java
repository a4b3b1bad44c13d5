package dev.svc.sample.mvc;

import java.util.List;

import dev.svc.graphql.test.ActuatorEndpoints;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Actuator as a production host has it: the health check for everybody, the other
 * endpoints for administrators only; GraphQL requests observed by Spring Boot's own
 * instrumentation; the schema printable.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
class OperationsTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldReportHealthWithTheDatabaseToEverybody() {
		Response health = new HttpTestClient(this.port).get("/actuator/health");
		assertThat(health.status()).isEqualTo(200);
		assertThat(HttpTestClient.parse(health.body()).get("status")).isEqualTo("UP");
		assertThat(health.body()).contains("\"db\":{\"status\":\"UP\"}");
	}

	@Test
	void shouldShowGraphQlMetricsToAdministratorsOnly() {
		HttpTestClient anonymous = new HttpTestClient(this.port);
		assertThat(anonymous.get("/actuator/metrics").header("Location")).endsWith("/Account/Login");

		HttpTestClient user = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(user, "Default", "jdoe", "123qwe").status()).isEqualTo(302);
		assertThat(user.get("/actuator/metrics").status()).isEqualTo(403);

		HttpTestClient admin = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(admin, "", "admin", "123qwe").status()).isEqualTo(302);
		assertThat(admin.graphQl("/graphql", "{ roles { id } }").status()).isEqualTo(200);
		Response requests = admin.get("/actuator/metrics/graphql.request");
		assertThat(requests.status()).isEqualTo(200);
		assertThat(requests.body()).contains("\"name\":\"graphql.request\"").contains("\"statistic\":\"COUNT\"");
		assertThat(admin.get("/actuator/metrics/graphql.datafetcher").status()).isEqualTo(200);
	}

	/**
	 * Host-wide operations are the host's: a tenant's administrator, who holds every
	 * permission in its tenant, gets none of the endpoints but health; the host's
	 * administrator gets each one the host lists.
	 */
	@Test
	void shouldShowOperationsToHostAdministratorsOnly() {
		HttpTestClient host = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(host, "", "admin", "123qwe").status()).isEqualTo(302);
		HttpTestClient tenant = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(tenant, "Second", "admin", "123qwe").status()).isEqualTo(302);
		List<String> endpoints = ActuatorEndpoints.listedFor(host);
		assertThat(endpoints).contains("/actuator", "/actuator/metrics", "/actuator/metrics/http.server.requests",
				"/actuator/info");
		for (String endpoint : endpoints) {
			assertThat(host.get(endpoint).status()).as(endpoint).isEqualTo(200);
			for (String method : List.of("GET", "HEAD", "OPTIONS")) {
				assertThat(tenant.request(method, endpoint).status()).as(method + " " + endpoint).isEqualTo(403);
			}
		}
		assertThat(tenant.get("/actuator/health").status()).isEqualTo(200);
	}

	@Test
	void shouldPrintTheSchemaForSignedInUsersOnly() {
		HttpTestClient browser = new HttpTestClient(this.port);
		assertThat(browser.get("/graphql/schema").status()).isEqualTo(403);
		assertThat(LoginForm.logIn(browser, "Default", "jdoe", "123qwe").status()).isEqualTo(302);
		Response user = browser.get("/graphql/schema");
		assertThat(user.status()).isEqualTo(200);
		// a user without administration permissions sees a Query type without fields
		assertThat(user.body()).contains("type Query")
			.doesNotContain("auditLogs", "users", "roles", "organizationUnits");
		HttpTestClient admin = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(admin, "Default", "admin", "123qwe").status()).isEqualTo(302);
		Response schema = admin.get("/graphql/schema");
		assertThat(schema.status()).isEqualTo(200);
		assertThat(schema.body()).contains("type Query {").contains("auditLogs(").contains("users(");
	}

}
