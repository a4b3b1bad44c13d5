package dev.svc.graphql.signin.passkey;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpHeaders;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registration options within the throttle of every check of a secret: each is a
 * challenge kept until it expires, so a signed-in user may not ask for them unbounded.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.expose-exception-details=true",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=passkey-tests-key-0123456789abcdef-not-a-secret",
				"graphql.sign-in.passkey.enabled=true", "graphql.sign-in.throttle.max-attempts=5" })
@AutoConfigureMockMvc
class PasskeyThrottleTests {

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldThrottleRegistrationOptionsAsEveryCheckOfASecret() {
		String bearer = bearerToken(this.mvc, "Default", "jdoe", "123qwe");
		MvcTestResult refused = null;
		// the sign-in spent from the account's 5 already
		for (int attempt = 1; attempt <= 6 && refused == null; attempt++) {
			MvcTestResult options = registrationOptions(bearer, "127.0.2." + attempt);
			if (options.getResponse().getStatus() != 200) {
				refused = options;
			}
		}
		assertThat(refused).as("the account's throttle, from any address").isNotNull();
		assertThat(refused).hasStatus(429).containsHeader(HttpHeaders.RETRY_AFTER);
	}

	private MvcTestResult registrationOptions(String bearer, String address) {
		return postJson(this.mvc, "/api/Passkey/RegistrationOptions", "{}").with((request) -> {
			request.setRemoteAddr(address);
			return request;
		}).header(HttpHeaders.AUTHORIZATION, bearer).exchange();
	}

}
