package dev.svc.sample.spa;

import java.util.List;

import dev.svc.graphql.test.ActuatorEndpoints;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The health check is open, metrics need an administrator, and GraphQL requests are
 * counted; the two observations the sample switches off (per field, per security filter
 * chain) make no meters.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class OperationsTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldKeepMetricsForAdministratorsAndHealthForEverybody() {
		SpaClient anonymous = new SpaClient(this.port);
		assertThat(anonymous.http().get("/actuator/health").body()).contains("\"db\":{\"status\":\"UP\"}")
			.endsWith("\"status\":\"UP\"}");
		assertThat(anonymous.http().get("/actuator/metrics/graphql.request").header("Location")).endsWith("/ui/login");

		SpaClient admin = new SpaClient(this.port).withCookie("", "admin");
		admin.query("{ users { totalCount } }");
		assertThat(admin.http().get("/actuator/metrics/graphql.request?tag=graphql.outcome:SUCCESS").body())
			.contains("\"name\":\"graphql.request\"");
		assertThat(admin.http().get("/actuator/metrics/graphql.datafetcher").status()).isEqualTo(404);
		assertThat(admin.http().get("/actuator/metrics/spring.security.filterchains").status()).isEqualTo(404);
		assertThat(admin.http().get("/actuator/metrics/http.server.requests").status()).isEqualTo(200);
	}

	/**
	 * Host-wide operations are the host's: a tenant's administrator, who holds every
	 * permission in its tenant, gets none of the endpoints but health; the host's
	 * administrator gets each one the host lists.
	 */
	@Test
	void shouldShowOperationsToHostAdministratorsOnly() {
		SpaClient host = new SpaClient(this.port).withCookie("", "admin");
		SpaClient tenant = new SpaClient(this.port).withCookie("Second", "admin");
		List<String> endpoints = ActuatorEndpoints.listedFor(host.http());
		assertThat(endpoints).contains("/actuator", "/actuator/metrics", "/actuator/metrics/http.server.requests",
				"/actuator/info");
		for (String endpoint : endpoints) {
			assertThat(host.http().get(endpoint).status()).as(endpoint).isEqualTo(200);
			for (String method : List.of("GET", "HEAD", "OPTIONS")) {
				assertThat(tenant.http().request(method, endpoint).status()).as(method + " " + endpoint).isEqualTo(403);
			}
		}
		assertThat(tenant.http().get("/actuator/health").status()).isEqualTo(200);
	}

}
