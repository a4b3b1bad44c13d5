package dev.svc.graphql.signin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.security.PermissionAuthorization;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.signin.password.SignInAttempts;
import dev.svc.graphql.signin.password.SignInChecks;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.SignInService;
import dev.svc.graphql.signin.reset.PasswordResetResult;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.session.TestSessions;
import dev.svc.graphql.signin.twofactor.TwoFactorCodeSender;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import dev.svc.graphql.signin.twofactor.TwoFactorSignIn;
import dev.svc.graphql.test.CacheBounds;
import dev.svc.graphql.test.EmptyIdentityStore;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ApplicationListener;
import org.springframework.security.authentication.AuthenticationEventPublisher;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationFailureBadCredentialsEvent;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

class SignInAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
				JdbcIdentityStoreAutoConfiguration.class, SignInStoreAutoConfiguration.class,
				PermissionAutoConfiguration.class, SignInAutoConfiguration.class));

	@Test
	void shouldSignInThroughTheCredentialStoreWhetherTheEndpointIsServedOrNot() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(SignInService.class));
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(SignInService.class));
	}

	@Test
	void shouldPublishNothingThatChangesHowTheHostSignsItsUsersIn() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(AuthenticationProvider.class)
			.doesNotHaveBean(PasswordEncoder.class)
			.hasSingleBean(PermissionAuthorization.class));
	}

	@Test
	void shouldTeachSpringBootsEventPublisherTheRefusedSignIn() {
		List<AbstractAuthenticationFailureEvent> failures = new ArrayList<>();
		this.contextRunner.withConfiguration(AutoConfigurations.of(SecurityAutoConfiguration.class))
			.withBean("failures", FailureListener.class, () -> failures::add)
			.run((context) -> {
				SignInResult.Refused refused = new SignInResult.Refused(SignInResult
					.failure(SignInResult.Outcome.INVALID_CREDENTIALS, "Invalid user name or password"));
				context.getBean(AuthenticationEventPublisher.class)
					.publishAuthenticationFailure(refused,
							UsernamePasswordAuthenticationToken.unauthenticated("admin", null));
				assertThat(failures).singleElement()
					.isInstanceOfSatisfying(AuthenticationFailureBadCredentialsEvent.class,
							(failure) -> assertThat(failure.getException()).isSameAs(refused));
			});
	}

	@Test
	void shouldBoundTheSessionCheckCacheByDefault() {
		this.contextRunner
			.run((context) -> CacheBounds.assertBoundsAfterAccess(context.getBean(ActiveSessions.class).cache(),
					DataSize.ofMegabytes(24).toBytes(), Duration.ofHours(1)));
	}

	@Test
	void shouldTakeTheSessionCheckCacheShareOfTheMemoryBudget() {
		this.contextRunner.withPropertyValues("graphql.memory-budget=8MB")
			.run((context) -> CacheBounds.assertBoundsAfterAccess(context.getBean(ActiveSessions.class).cache(),
					DataSize.ofMegabytes(3).toBytes(), Duration.ofHours(1)));
	}

	@Test
	void shouldBackOffWhenUserDefinesASignInService() {
		SignInService own = (tenancy, user, password, secondFactor, ip) -> SignInResult
			.failure(SignInResult.Outcome.INVALID_CREDENTIALS, "never");
		this.contextRunner.withBean(SignInService.class, () -> own)
			.run((context) -> assertThat(context.getBean(SignInService.class)).isSameAs(own));
	}

	@Test
	void shouldBackOffWhenUserDefinesAPasswordResetService() {
		PasswordResetService own = (userId, code, password, ip) -> PasswordResetResult.invalidCode();
		this.contextRunner.withBean(PasswordResetService.class, () -> own)
			.run((context) -> assertThat(context.getBean(PasswordResetService.class)).isSameAs(own));
	}

	@Test
	void shouldShareOneSetOfChecksAmongTheSignInServices() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(SignInService.class)
			.hasSingleBean(PasswordResetService.class)
			.hasSingleBean(TwoFactorSignIn.class)
			.hasSingleBean(TwoFactorService.class)
			.hasSingleBean(SignInChecks.class)
			.doesNotHaveBean(PasswordEncoder.class));
	}

	@Test
	void shouldWriteTwoFactorCodesToTheLogOnlyForTheDemoData() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(TwoFactorCodeSender.class));
		this.contextRunner.withPropertyValues("graphql.identity.demo-data=true")
			.run((context) -> assertThat(context.getBean(TwoFactorCodeSender.class).getClass().getName())
				.isEqualTo("dev.svc.graphql.signin.twofactor.LoggingTwoFactorCodeSender"));
	}

	@Test
	void shouldBackOffWhenUserDefinesATwoFactorCodeSender() {
		TwoFactorCodeSender mailGateway = new TwoFactorCodeSender() {

			@Override
			public Set<String> providers() {
				return Set.of(EMAIL);
			}

			@Override
			public void send(String provider, String destination, long userId, String code) {
			}

		};
		this.contextRunner.withPropertyValues("graphql.identity.demo-data=true")
			.withBean(TwoFactorCodeSender.class, () -> mailGateway)
			.run((context) -> assertThat(context.getBean(TwoFactorCodeSender.class)).isSameAs(mailGateway));
	}

	@Test
	void shouldBindTheStatisticsOfTheSessionChecks() {
		this.contextRunner
			.run((context) -> assertThat(context).hasSingleBean(ActiveSessions.class).hasBean("svcSessionCacheMeters"));
	}

	@Test
	void shouldNeedAnIdentityStore() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SignInAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(SignInService.class));
	}

	@Test
	void shouldSignNobodyInForAHostsIdentityStoreWithoutACredentialStore() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new).run((context) -> {
			assertThat(context).hasNotFailed()
				.doesNotHaveBean(CredentialStore.class)
				.doesNotHaveBean(SignInService.class)
				.doesNotHaveBean(ActiveSessions.class);
			assertThat(ConditionEvaluationReport.get(context.getBeanFactory())
				.getConditionAndOutcomesBySource()
				.get(SignInAutoConfiguration.class.getName()))
				.as("what the start-up failure of a sign-in switched on without one reports")
				.anySatisfy((condition) -> assertThat(condition.getOutcome().getMessage())
					.contains("did not find any beans of type " + CredentialStore.class.getName()));
		});
	}

	@Test
	void shouldSignInThroughAHostsCredentialStore() {
		List<String> asked = new ArrayList<>();
		CredentialStore own = (tenantId, userNameOrEmailAddress) -> {
			asked.add(userNameOrEmailAddress);
			return Optional.empty();
		};
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.withBean(CredentialStore.class, () -> own)
			.withBean(SignInAttempts.class, () -> mock(SignInAttempts.class))
			.withBean(SignInSessions.class, TestSessions::inMemory)
			.run((context) -> {
				assertThat(context).hasSingleBean(ActiveSessions.class);
				assertThat(
						context.getBean(SignInService.class).signIn("", "alice", "wonderland", "127.0.0.1").outcome())
					.isEqualTo(SignInResult.Outcome.INVALID_CREDENTIALS);
				assertThat(asked).containsExactly("alice");
			});
	}

	interface FailureListener extends ApplicationListener<AbstractAuthenticationFailureEvent> {

	}

}
