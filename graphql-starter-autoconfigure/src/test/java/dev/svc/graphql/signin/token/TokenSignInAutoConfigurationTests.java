package dev.svc.graphql.signin.token;

import java.time.Duration;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.SignInStoreAutoConfiguration;
import dev.svc.graphql.signin.password.SignInAttempts;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.session.TestSessions;
import dev.svc.graphql.test.CacheBounds;
import dev.svc.graphql.test.EmptyCredentialStore;
import dev.svc.graphql.test.EmptyIdentityStore;
import dev.svc.graphql.web.GraphQlEndpointSecurityCustomizer;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

class TokenSignInAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataSourceAutoConfiguration.class,
			JdbcIdentityStoreAutoConfiguration.class, SignInStoreAutoConfiguration.class,
			PermissionAutoConfiguration.class, SignInAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class,
			TokenSignInAutoConfiguration.class);

	private static final String SIGNING_KEY = "graphql.sign-in.token.signing-key=0123456789abcdef0123456789abcdef";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(CONFIGURATIONS);

	@Test
	void shouldBeOffByDefault() {
		this.contextRunner.withPropertyValues(SIGNING_KEY)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(TokenService.class)
				.doesNotHaveBean(TokenAuthController.class)
				.doesNotHaveBean(TokenSignInAutoConfiguration.CHAIN));
	}

	@Test
	void shouldSignInWithTokensWhenEnabled() {
		this.contextRunner.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY).run((context) -> {
			assertThat(context).hasSingleBean(TokenService.class)
				.hasSingleBean(TokenAuthController.class)
				.hasSingleBean(TwoFactorController.class)
				.hasBean(TokenSignInAutoConfiguration.CHAIN)
				.hasBean("svcTokenSignInBodyLimit")
				.hasBean("svcTokenCacheMeters");
			assertThat(context).as("the endpoint accepts bearer tokens")
				.hasSingleBean(GraphQlEndpointSecurityCustomizer.class);
		});
	}

	@Test
	void shouldKeepCheckedTokensForTheirLifetimeByDefault() {
		this.contextRunner
			.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY,
					"graphql.sign-in.token.access-token-lifetime=2h")
			.run((context) -> CacheBounds.assertBoundsAfterWrite(context.getBean(TokenService.class).readTokenCache(),
					DataSize.ofMegabytes(8).toBytes(), Duration.ofHours(2)));
	}

	@Test
	void shouldTakeTheCheckedTokenCacheShareOfTheMemoryBudget() {
		this.contextRunner
			.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY, "graphql.memory-budget=8MB")
			.run((context) -> CacheBounds.assertBoundsAfterWrite(context.getBean(TokenService.class).readTokenCache(),
					DataSize.ofMegabytes(1).toBytes(), Duration.ofDays(1)));
	}

	@Test
	void shouldRefuseToStartWithoutAStrongEnoughSigningKey() {
		this.contextRunner.withPropertyValues("graphql.sign-in.token.enabled=true").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageStartingWith("No token signing key is configured. Set graphql.sign-in.token.signing-key");
		});
		this.contextRunner
			.withPropertyValues("graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=0123456789abcdef0123456789abcde")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessage(
						"graphql.sign-in.token.signing-key is 31 bytes long; HS256 needs at least 32 bytes (256 bits)."));
	}

	@Test
	void shouldBackOffWhenUserDefinesTheChain() {
		SecurityFilterChain own = new DefaultSecurityFilterChain((request) -> false);
		this.contextRunner.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY)
			.withBean(TokenSignInAutoConfiguration.CHAIN, SecurityFilterChain.class, () -> own)
			.run((context) -> {
				assertThat(context.getBean(TokenSignInAutoConfiguration.CHAIN)).isSameAs(own);
				assertThat(context).hasSingleBean(TokenAuthController.class);
			});
	}

	@Test
	void shouldOfferNoSecondStepWithoutTheModulesTwoFactorStore() {
		this.contextRunner.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY)
			.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.withBean(CredentialStore.class, EmptyCredentialStore::new)
			.withBean(SignInAttempts.class, () -> mock(SignInAttempts.class))
			.withBean(SignInSessions.class, TestSessions::inMemory)
			.run((context) -> assertThat(context).hasSingleBean(TokenAuthController.class)
				.doesNotHaveBean(TwoFactorController.class));
	}

	@Test
	void shouldRefuseToStartForAHostsIdentityStoreWithoutACredentialStore() {
		this.contextRunner.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY)
			.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOfSatisfying(NoSuchBeanDefinitionException.class,
						(missing) -> assertThat(missing.getBeanType()).isEqualTo(ActiveSessions.class)));
	}

	@Test
	void shouldServeNothingOutsideAServletApplication() {
		new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withPropertyValues("graphql.sign-in.token.enabled=true", SIGNING_KEY)
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(TokenService.class));
	}

}
