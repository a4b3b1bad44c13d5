package dev.svc.graphql.signin.cookie;

import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.SignInStoreAutoConfiguration;
import dev.svc.graphql.signin.password.SignInService;
import dev.svc.graphql.test.EmptyIdentityStore;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;

import static org.assertj.core.api.Assertions.assertThat;

class CookieSignInAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(DataSourceAutoConfiguration.class,
			JdbcIdentityStoreAutoConfiguration.class, SignInStoreAutoConfiguration.class,
			PermissionAutoConfiguration.class, SignInAutoConfiguration.class, ServletWebSecurityAutoConfiguration.class,
			CookieSignInAutoConfiguration.class);

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(CONFIGURATIONS);

	@Test
	void shouldBeOffByDefault() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(CookieSignInAutoConfiguration.CHAIN)
			.doesNotHaveBean("svcCookieSignInBodyLimit"));
	}

	@Test
	void shouldSignInOnTheConfiguredPathsWhenEnabled() {
		this.contextRunner
			.withPropertyValues("graphql.sign-in.cookie.enabled=true", "graphql.sign-in.cookie.login-path=/signin")
			.run((context) -> {
				assertThat(context).hasBean(CookieSignInAutoConfiguration.CHAIN).hasBean("svcCookieSignInBodyLimit");
				DefaultSecurityFilterChain chain = context.getBean(CookieSignInAutoConfiguration.CHAIN,
						DefaultSecurityFilterChain.class);
				assertThat(chain.getRequestMatcher().toString()).contains("/signin")
					.contains("/Account/Logout")
					.contains("/Account/ResetPassword");
				assertThat(chain.getFilters()).anyMatch(TenancyLoginFilter.class::isInstance)
					.noneMatch(UsernamePasswordAuthenticationFilter.class::isInstance);
			});
	}

	@Test
	void shouldBackOffWhenUserDefinesTheChain() {
		SecurityFilterChain own = new DefaultSecurityFilterChain((request) -> false);
		this.contextRunner.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.withBean(CookieSignInAutoConfiguration.CHAIN, SecurityFilterChain.class, () -> own)
			.run((context) -> assertThat(context.getBean(CookieSignInAutoConfiguration.CHAIN)).isSameAs(own));
	}

	@Test
	void shouldKeepTheSavedPageInACookieForEveryChain() {
		this.contextRunner.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.run((context) -> assertThat(context).getBean(RequestCache.class).isInstanceOf(PageRequestCache.class));
	}

	@Test
	void shouldBackOffWhenUserDefinesARequestCache() {
		RequestCache own = new HttpSessionRequestCache();
		this.contextRunner.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.withBean(RequestCache.class, () -> own)
			.run((context) -> assertThat(context).getBean(RequestCache.class).isSameAs(own));
	}

	@Test
	void shouldRefuseToStartForAHostsIdentityStoreWithoutACredentialStore() {
		this.contextRunner.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.isInstanceOfSatisfying(NoSuchBeanDefinitionException.class,
						(missing) -> assertThat(missing.getBeanType()).isEqualTo(SignInService.class)));
	}

	@Test
	void shouldNeedSpringSecurityAndAServletApplication() {
		new WebApplicationContextRunner()
			.withConfiguration(
					AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcIdentityStoreAutoConfiguration.class,
							SignInStoreAutoConfiguration.class, PermissionAutoConfiguration.class,
							SignInAutoConfiguration.class, CookieSignInAutoConfiguration.class))
			.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(CookieSignInAutoConfiguration.CHAIN));
		new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(CookieSignInAutoConfiguration.CHAIN));
	}

}
