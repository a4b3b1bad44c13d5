package dev.svc.graphql.signin.password;

import java.time.OffsetDateTime;

import dev.svc.graphql.context.SignedInUser;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.mock.web.MockHttpServletRequest;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The details of a sign-in go into Spring Security's authentication events, which a
 * host's audit (Spring Boot's {@code AuditListener}, its {@code auditevents} endpoint)
 * keeps and serves as JSON: the code typed for the second step and the token that skips
 * it stay out.
 */
class TenancyAuthenticationDetailsTests {

	@Test
	void shouldShowNoSecondFactorNorRememberedClientTokenAsJson() {
		TenancyAuthenticationDetails details = new TenancyAuthenticationDetails(new MockHttpServletRequest(), "Default",
				new SecondFactor("123456", true, "an-old-remember-client-token"));
		details.attempted(new TenancyAuthenticationDetails.Attempt(
				SignInResult.success(new SignedInUser(2, 1, "admin"), "a-new-remember-client-token"), "admin", false,
				OffsetDateTime.now()));
		assertThat(details.twoFactorRememberClientToken()).isEqualTo("a-new-remember-client-token");

		String json = JsonMapper.builder().build().writeValueAsString(details);

		assertThat(json).contains("\"tenancyName\":\"Default\"")
			.doesNotContain("123456")
			.doesNotContain("remember-client-token");
	}

}
