package dev.svc.graphql.signin;

import java.util.Map;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditQuota;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * What refused sign-in attempts write to the audit log: invalid input is recorded as a
 * refused attempt on both sign-in paths, and past the audit quota (30 a minute) the
 * refused attempts of one address are counted in one summary record per window, so that a
 * flood cannot fill the log. Checked attempts are all recorded.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.audit.enabled=true", "graphql.sign-in.cookie.enabled=true",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=refused-records-key-0123456789abcdef-not-a-secret" })
@AutoConfigureMockMvc
class RefusedSignInRecordsTests {

	private static final String INVALID = "{\"userNameOrEmailAddress\": \"ad\\u0001min\", \"password\": \"123qwe\"}";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private AuditLogWriter writer;

	@Autowired
	@Qualifier("svcRefusedSignInQuota")
	private AuditQuota refusals;

	@BeforeEach
	void emptyTheLog() {
		this.jdbc.sql("delete from svc_audit_logs").update();
	}

	@Test
	void shouldRecordInvalidInputOnBothPathsAndSumUpAFloodOfIt() {
		// 80 refused attempts: 30 of them recorded one by one (the quota), 50 summed up
		for (int i = 0; i < 40; i++) {
			assertThat(postJson(this.mvc, "/api/TokenAuth/Authenticate", INVALID).exchange()).hasStatus(400);
			assertThat(postJson(this.mvc, "/Account/Login", INVALID).exchange()).hasStatus(400);
		}
		// a checked attempt is always recorded, past the quota too
		assertThat(postJson(this.mvc, "/api/TokenAuth/Authenticate",
				"{\"userNameOrEmailAddress\": \"admin\", \"password\": \"wrong\"}")
			.exchange()).hasStatus(401);
		this.refusals.stop();
		this.refusals.start();
		drainTheWriter();

		assertThat(count("method_name = 'SignIn' and exception like 'Invalid user name or password%'"))
			.as("thirty refused attempts one by one, and the checked one")
			.isEqualTo(31);
		Map<String, Object> summary = this.jdbc
			.sql("select service_name, parameters, client_ip_address from svc_audit_logs where method_name = :summary")
			.param("summary", AuditQuota.REFUSED_SIGN_INS)
			.query()
			.singleRow();
		assertThat(summary.get("service_name")).isEqualTo("Authentication");
		assertThat((String) summary.get("parameters")).contains("\"notRecorded\":50");
		assertThat(summary.get("client_ip_address")).isEqualTo("127.0.0.1");
	}

	private int count(String where) {
		return this.jdbc.sql("select count(*) from svc_audit_logs where " + where).query(Integer.class).single();
	}

	// the writer writes all it holds before its stop returns
	private void drainTheWriter() {
		SmartLifecycle lifecycle = (SmartLifecycle) this.writer;
		lifecycle.stop();
		lifecycle.start();
	}

}
