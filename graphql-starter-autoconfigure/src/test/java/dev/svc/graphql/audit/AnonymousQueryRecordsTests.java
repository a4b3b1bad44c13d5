package dev.svc.graphql.audit;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Map;

import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What anonymous callers can write to the audit log, over HTTP with a clock the tests
 * move: one address gets 60 records of its own a minute and one summary of the rest, a
 * signed-in user 600 and one summary of the rest, and every sign-in attempt is recorded;
 * a record of an anonymous query keeps less of the document and of the User-Agent.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=anonymous-records-test-key-0123456789abcdef",
				"graphql.audit.enabled=true" })
@AutoConfigureMockMvc
@Import(MutableClock.Bean.class)
class AnonymousQueryRecordsTests {

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private AuditLogWriter writer;

	@BeforeEach
	void startInAWindowOfItsOwn() {
		// the clock starts on a minute and moves by minutes: each test starts a window
		this.clock.advance(Duration.ofMinutes(10));
		this.jdbc.sql("delete from svc_audit_logs").update();
	}

	@Test
	void shouldRecordSixtyAnonymousQueriesOfAnAddressAMinuteAndSumUpTheRestButEverySignedInQuery() {
		String token = bearerToken(this.mvc, "", "admin", "123qwe");
		OffsetDateTime window = OffsetDateTime.now(this.clock);
		for (int i = 0; i < 200; i++) {
			assertThat(greeting("flood" + i)).hasStatus(200);
			if (i % 4 == 0) {
				assertThat(greeting("signed-in" + i).header("Authorization", token)).hasStatus(200);
			}
		}
		assertThat(postJson(this.mvc, "/api/TokenAuth/Authenticate",
				json(Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", "wrong")))
			.exchange()
			.getResponse()
			.getStatus()).isNotEqualTo(200);
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(greeting("next")).hasStatus(200);
		drainTheWriter();

		assertThat(count("parameters like '%flood%'")).isEqualTo(60);
		assertThat(count("parameters like '%signed-in%' and user_id = 1")).isEqualTo(50);
		assertThat(count("service_name = 'Authentication'")).as("both sign-in attempts").isEqualTo(2);
		assertThat(count("parameters = '{ greeting(name: \"next\") }'")).isEqualTo(1);
		String address = this.jdbc
			.sql("select distinct client_ip_address from svc_audit_logs where parameters like '%flood%'")
			.query(String.class)
			.single();
		Summary summary = this.jdbc
			.sql("select parameters, client_ip_address, execution_time, user_id, tenant_id"
					+ " from svc_audit_logs where method_name = 'AnonymousQueriesNotRecorded'")
			.query(Summary.class)
			.single();
		assertThat(summary.parameters()).isEqualTo("{\"notRecorded\":140,\"window\":\"PT1M\"}");
		assertThat(summary.clientIpAddress()).isEqualTo(address);
		assertThat(summary.executionTime()).as("the start of the window").isAtSameInstantAs(window);
		assertThat(summary.userId()).isNull();
		assertThat(summary.tenantId()).isNull();
		assertThat(count("true")).as("every record").isEqualTo(60 + 50 + 2 + 1 + 1);
	}

	@Test
	void shouldKeepLessOfTheDocumentAndTheUserAgentOfAnAnonymousQuery() {
		String token = bearerToken(this.mvc, "", "admin", "123qwe");
		String name = "x".repeat(600);
		String userAgent = "agent/" + "y".repeat(600);
		assertThat(greeting("anonymous" + name).header("User-Agent", userAgent)).hasStatus(200);
		assertThat(greeting("signed-in" + name).header("User-Agent", userAgent).header("Authorization", token))
			.hasStatus(200);
		drainTheWriter();

		Map<String, Object> anonymous = this.jdbc
			.sql("select parameters, browser_info from svc_audit_logs where parameters like '%anonymous%'")
			.query()
			.singleRow();
		assertThat((String) anonymous.get("parameters")).hasSize(256)
			.startsWith("{ greeting(name: \"anonymousxxx")
			.endsWith("x…[cut]");
		assertThat((String) anonymous.get("browser_info")).hasSize(128).startsWith("agent/yyy").endsWith("y…[cut]");
		Map<String, Object> signedIn = this.jdbc
			.sql("select parameters, browser_info from svc_audit_logs where parameters like '%signed-in%'")
			.query()
			.singleRow();
		assertThat(signedIn.get("parameters")).isEqualTo("{ greeting(name: \"signed-in" + name + "\") }");
		assertThat((String) signedIn.get("browser_info")).hasSize(512).endsWith("y…[cut]");
	}

	@Test
	void shouldRecordTheTextOfAQueryNamedByItsHashAndNoRecordOfAnUnknownHash() {
		String query = "{ greeting(name: \"persisted\") }";
		String persisted = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(query)
				+ "\"}}";
		assertThat(postJson(this.mvc, "/graphql", "{\"extensions\": " + persisted + "}")).bodyText()
			.contains("PersistedQueryNotFound");
		assertThat(
				postJson(this.mvc, "/graphql", "{\"query\": " + json(query) + ", \"extensions\": " + persisted + "}"))
			.hasStatus(200);
		assertThat(postJson(this.mvc, "/graphql", "{\"extensions\": " + persisted + "}")).hasStatus(200);
		drainTheWriter();

		assertThat(count("parameters = '{ greeting(name: \"persisted\") }'")).isEqualTo(2);
		assertThat(count("true")).as("every record").isEqualTo(2);
	}

	@Test
	void shouldRecordSixHundredQueriesOfASignedInUserAMinuteAndSumUpTheRestAsTheUsers() {
		String token = bearerToken(this.mvc, "", "admin", "123qwe");
		OffsetDateTime window = OffsetDateTime.now(this.clock);
		for (int i = 0; i < 650; i++) {
			assertThat(greeting("script" + i).header("Authorization", token)).hasStatus(200);
		}
		this.clock.advance(Duration.ofMinutes(1));
		assertThat(greeting("next").header("Authorization", token)).hasStatus(200);
		drainTheWriter();

		assertThat(count("parameters like '%script%' and user_id = 1")).isEqualTo(600);
		Summary summary = this.jdbc
			.sql("select parameters, client_ip_address, execution_time, user_id, tenant_id"
					+ " from svc_audit_logs where method_name = 'QueriesNotRecorded'")
			.query(Summary.class)
			.single();
		assertThat(summary.parameters()).isEqualTo("{\"notRecorded\":50,\"window\":\"PT1M\"}");
		assertThat(summary.userId()).isEqualTo(1L);
		assertThat(summary.tenantId()).isNull();
		assertThat(summary.executionTime()).as("the start of the window").isAtSameInstantAs(window);
	}

	@Test
	void shouldAnswerAKeptDocumentTheCallerMayNotSeeAsAnUnknownHashWithoutARecord() throws Exception {
		String token = bearerToken(this.mvc, "", "admin", "123qwe");
		assertThat(postJson(this.mvc, "/graphql", "{\"query\": \"{ secret }\"}").header("Authorization", token))
			.bodyText()
			.isEqualTo("{\"data\":{\"secret\":\"42\"}}");
		drainTheWriter();
		this.jdbc.sql("delete from svc_audit_logs").update();

		String kept = postJson(this.mvc, "/graphql", byHash("{ secret }")).exchange()
			.getResponse()
			.getContentAsString();
		String unknown = postJson(this.mvc, "/graphql", byHash("{ secret secret }")).exchange()
			.getResponse()
			.getContentAsString();
		drainTheWriter();

		assertThat(kept).contains("PersistedQueryNotFound").isEqualTo(unknown);
		assertThat(count("true")).as("neither ran anything to record").isZero();
	}

	private static String byHash(String query) {
		return "{\"extensions\": {\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \""
				+ PersistedQuery.sha256(query) + "\"}}}";
	}

	private MockMvcRequestBuilder greeting(String name) {
		return graphQl(this.mvc, "/graphql", "{ greeting(name: \"" + name + "\") }");
	}

	// the writer writes all it holds before its stop returns
	private void drainTheWriter() {
		JdbcAuditLogWriter jdbcWriter = (JdbcAuditLogWriter) this.writer;
		jdbcWriter.stop();
		jdbcWriter.start();
	}

	private int count(String condition) {
		return this.jdbc.sql("select count(*) from svc_audit_logs where " + condition).query(Integer.class).single();
	}

	record Summary(String parameters, String clientIpAddress, OffsetDateTime executionTime, Long userId,
			Integer tenantId) {
	}

}
