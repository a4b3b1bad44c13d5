package dev.svc.sample.spa;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Sign-ins and executed queries land in the audit log, written in the background.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@ActiveProfiles("test")
class AuditLogRecordingTests {

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Test
	void shouldRecordSignInsAndQueries() throws Exception {
		SpaClient admin = new SpaClient(this.port).withToken("Second", "admin");
		admin.query("query Recorded { roles { id } }");
		new SpaClient(this.port).http()
			.post("/api/TokenAuth/Authenticate", "application/json",
					"{\"tenancyName\": \"Second\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"wrong\"}");

		awaitRows("select count(*) from svc_audit_logs where tenant_id = 2 and service_name = 'GraphQL'"
				+ " and method_name = 'query' and user_id = 5 and parameters = 'query Recorded { roles { id } }'", 1);
		awaitRows(
				"select count(*) from svc_audit_logs where tenant_id = 2 and service_name = 'Authentication'"
						+ " and user_id = 5 and exception is null and execution_time > timestamp '2025-01-01 00:00:00'",
				1);
		awaitRows("select count(*) from svc_audit_logs where tenant_id = 2 and service_name = 'Authentication'"
				+ " and user_id is null and exception = 'Invalid user name or password'", 1);
	}

	@Test
	void shouldKeepAnonymousQueriesOutOfTheTenantTheyNameSoTheyCannotFloodItsLog() throws Exception {
		new SpaClient(this.port).http().graphQl("/graphql", "query Anonymous { __typename }", "Svc-TenantId", "2");
		awaitRows("select count(*) from svc_audit_logs where tenant_id is null and user_id is null"
				+ " and parameters = 'query Anonymous { __typename }'", 1);
		assertThat(this.jdbc
			.sql("select count(*) from svc_audit_logs where tenant_id = 2 and user_id is null"
					+ " and service_name = 'GraphQL'")
			.query(Integer.class)
			.single()).isZero();
	}

	private void awaitRows(String countSql, int expected) throws InterruptedException {
		Instant deadline = Instant.now().plus(Duration.ofSeconds(10));
		int count = 0;
		while (Instant.now().isBefore(deadline)) {
			count = this.jdbc.sql(countSql).query(Integer.class).single();
			if (count >= expected) {
				break;
			}
			Thread.sleep(50);
		}
		assertThat(count).as(countSql).isEqualTo(expected);
	}

}
