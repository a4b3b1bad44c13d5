package dev.svc.sample.spa;

import java.util.Optional;

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
 * Behind a proxy the host names (here one on the loopback addresses): its
 * {@code X-Forwarded-Proto} makes the session cookie Secure and its
 * {@code X-Forwarded-For} gives the client's address, but only an IP literal is taken as
 * one.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=true", "server.tomcat.remoteip.internal-proxies=127.0.0.1/32, ::1/128",
				"spring.datasource.url=jdbc:h2:mem:svc-trusted-proxy" })
@ActiveProfiles("test")
class TrustedProxyTests {

	private static final String LOGIN = "{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}";

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private ApplicationContext context;

	@Test
	void shouldMarkTheSessionCookieSecureWhenTheRequestCameOverTls() {
		Response overTls = new HttpTestClient(this.port).post("/ui/login", "application/json", LOGIN,
				"X-Forwarded-Proto", "https");
		assertThat(overTls.status()).isEqualTo(200);
		assertThat(overTls.header("Set-Cookie")).startsWith("SESSION=")
			.contains("; Secure")
			.contains("; HttpOnly")
			.contains("; SameSite=Lax");
		Response plain = new HttpTestClient(this.port).post("/ui/login", "application/json", LOGIN);
		assertThat(plain.header("Set-Cookie")).contains("; HttpOnly")
			.contains("; SameSite=Lax")
			.doesNotContain("Secure");
	}

	@Test
	void shouldTakeOnlyAnIpLiteralForTheClientsAddress() {
		new HttpTestClient(this.port).post("/api/TokenAuth/Authenticate", "application/json",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"literal-test\", \"password\": \"guess\"}",
				"X-Forwarded-For", "198.51.100.23");
		new HttpTestClient(this.port).post("/api/TokenAuth/Authenticate", "application/json",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"script-test\", \"password\": \"guess\"}",
				"X-Forwarded-For", "<script>alert(1)</script>");
		SmartLifecycle writer = (SmartLifecycle) this.context.getBean(AuditLogWriter.class);
		writer.stop();
		writer.start();
		assertThat(address("literal-test")).isEqualTo("198.51.100.23");
		assertThat(address("script-test")).as("not an address: unknown").isNull();
	}

	private String address(String login) {
		return this.jdbc.sql("select client_ip_address from svc_audit_logs where parameters like :login")
			.param("login", "%" + login + "%")
			.query((rs, row) -> Optional.ofNullable(rs.getString(1)))
			.single()
			.orElse(null);
	}

}
