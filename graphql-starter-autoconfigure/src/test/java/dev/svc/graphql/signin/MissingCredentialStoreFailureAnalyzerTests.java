package dev.svc.graphql.signin;

import java.util.List;
import java.util.Objects;

import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.signin.cookie.CookieSignInAutoConfiguration;
import dev.svc.graphql.test.EmptyIdentityStore;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;

import static org.assertj.core.api.Assertions.assertThat;

class MissingCredentialStoreFailureAnalyzerTests {

	@Test
	void shouldExplainASignInSwitchedOnForAHostsIdentityStoreWithoutACredentialStore() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
					JdbcIdentityStoreAutoConfiguration.class, SignInStoreAutoConfiguration.class,
					PermissionAutoConfiguration.class, SignInAutoConfiguration.class,
					ServletWebSecurityAutoConfiguration.class, CookieSignInAutoConfiguration.class))
			.withPropertyValues("graphql.sign-in.cookie.enabled=true")
			.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> {
				FailureAnalysis analysis = startUpReport(context.getStartupFailure());
				assertThat(analysis.getDescription())
					.startsWith("The module signs nobody in, so there is no SignInService:"
							+ " signing in needs a CredentialStore bean beside the IdentityStore, and a SignInAttempts"
							+ " and a SignInSessions bean.");
				assertThat(analysis.getAction()).startsWith("Declare a CredentialStore bean");
			});
	}

	@Test
	void shouldLeaveOtherMissingBeansToSpringBoot() {
		MissingCredentialStoreFailureAnalyzer analyzer = new MissingCredentialStoreFailureAnalyzer();
		assertThat(analyzer.analyze(new NoSuchBeanDefinitionException(String.class))).isNull();
		assertThat(analyzer.analyze(new NoSuchBeanDefinitionException("someBean"))).isNull();
		assertThat(startUpReport(new NoSuchBeanDefinitionException(String.class)).getDescription())
			.as("Spring Boot's own report")
			.contains("String");
	}

	/**
	 * The analysis Spring Boot reports: the first of the registered analyzers, in their
	 * order, that explains the failure. Analyzers that need what only a running
	 * application supplies are left out.
	 */
	private static FailureAnalysis startUpReport(Throwable failure) {
		ArgumentResolver arguments = ArgumentResolver.of(BeanFactory.class, new DefaultListableBeanFactory())
			.and(Environment.class, new StandardEnvironment());
		List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, arguments, (type, implementation, ex) -> {
			});
		return analyzers.stream()
			.map((analyzer) -> analyzer.analyze(failure))
			.filter(Objects::nonNull)
			.findFirst()
			.orElseThrow();
	}

}
