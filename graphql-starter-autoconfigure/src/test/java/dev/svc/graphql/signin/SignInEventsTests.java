package dev.svc.graphql.signin;

import java.util.List;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.ApplicationContext;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.event.AbstractAuthenticationEvent;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;
import org.springframework.test.context.event.ApplicationEvents;
import org.springframework.test.context.event.RecordApplicationEvents;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both sign-in paths publish Spring Security's authentication events, which a host's
 * {@code @EventListener} receives, without an {@code AuthenticationManager} bean that
 * would take over the host's own sign-ins.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.identity.demo-data=true", "graphql.sign-in.cookie.enabled=true",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=sign-in-events-key-0123456789abcdef-not-a-secret" })
@AutoConfigureMockMvc
@RecordApplicationEvents
class SignInEventsTests {

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private ApplicationEvents events;

	@ParameterizedTest
	@ValueSource(strings = { "/Account/Login", "/api/TokenAuth/Authenticate" })
	void shouldPublishASuccessAndAFailure(String path) {
		assertThat(postJson(this.mvc, path, "{\"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}")
			.exchange()).hasStatusOk();
		assertThat(
				postJson(this.mvc, path, "{\"userNameOrEmailAddress\": \"admin\", \"password\": \"wrong\"}").exchange())
			.hasStatus(401);
		List<AbstractAuthenticationEvent> published = this.events.stream(AbstractAuthenticationEvent.class)
			.filter((event) -> event instanceof AuthenticationSuccessEvent
					|| event instanceof AbstractAuthenticationFailureEvent)
			.toList();
		assertThat(published).hasSize(2);
		assertThat(published.get(0)).isInstanceOfSatisfying(AuthenticationSuccessEvent.class,
				(success) -> assertThat(success.getAuthentication().getPrincipal())
					.isInstanceOfSatisfying(SignedInUser.class, (user) -> assertThat(user.userId()).isOne()));
		assertThat(published.get(1)).isInstanceOfSatisfying(AbstractAuthenticationFailureEvent.class,
				(failure) -> assertThat(failure.getException()).isInstanceOfSatisfying(SignInResult.Refused.class,
						(refused) -> assertThat(refused.getResult().outcome())
							.isEqualTo(SignInResult.Outcome.INVALID_CREDENTIALS)));
	}

	@Test
	void shouldDeclareNoAuthenticationManager(@Autowired ApplicationContext context) {
		assertThat(context.getBeansOfType(AuthenticationManager.class)).isEmpty();
	}

}
