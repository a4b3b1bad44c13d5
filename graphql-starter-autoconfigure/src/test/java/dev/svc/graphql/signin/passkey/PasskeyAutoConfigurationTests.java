package dev.svc.graphql.signin.passkey;

import java.util.List;
import java.util.Objects;

import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.SignInStoreAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.webauthn.management.Webauthn4JRelyingPartyOperations;

import static org.assertj.core.api.Assertions.assertThat;

class PasskeyAutoConfigurationTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
				JdbcIdentityStoreAutoConfiguration.class, SignInStoreAutoConfiguration.class,
				PermissionAutoConfiguration.class, SignInAutoConfiguration.class,
				ServletWebSecurityAutoConfiguration.class, PasskeyAutoConfiguration.class));

	@Test
	void shouldKeepPasskeysOffUntilSwitchedOn() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(PasskeyAuthenticationProvider.class)
			.doesNotHaveBean(PasskeyAutoConfiguration.CHAIN));
	}

	@Test
	void shouldTakeTheRelyingPartyFromTheRequestInDevMode() {
		this.contextRunner
			.withPropertyValues("graphql.sign-in.passkey.enabled=true", "graphql.expose-exception-details=true")
			.run((context) -> assertThat(context).hasSingleBean(PasskeyAuthenticationProvider.class)
				.hasBean(PasskeyAutoConfiguration.CHAIN)
				.getBean(PasskeyAutoConfiguration.CHAIN, SecurityFilterChain.class)
				.isNotNull());
	}

	@Test
	void shouldStartInReleaseModeWithARelyingPartyId() {
		this.contextRunner
			.withPropertyValues("graphql.sign-in.passkey.enabled=true",
					"graphql.sign-in.passkey.relying-party-id=example.com",
					"graphql.sign-in.passkey.allowed-origins=https://app.example.com,https://example.com")
			.run((context) -> assertThat(context).hasSingleBean(PasskeyAuthenticationProvider.class));
	}

	@Test
	void shouldStopAReleaseModeStartWithoutARelyingPartyIdNamingTheProperty() {
		this.contextRunner.withPropertyValues("graphql.sign-in.passkey.enabled=true").run((context) -> {
			assertThat(context).hasFailed();
			FailureAnalysis analysis = analysis(context.getStartupFailure());
			assertThat(analysis.getDescription()).contains("graphql.sign-in.passkey.relying-party-id is not set");
			assertThat(analysis.getAction()).startsWith("Set graphql.sign-in.passkey.relying-party-id");
		});
	}

	@Test
	void shouldStopAStartWithPasskeysOnAndNoWebAuthnLibraryNamingTheDependency() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(PasskeyLibraryCheck.class))
			.withClassLoader(new FilteredClassLoader(Webauthn4JRelyingPartyOperations.class))
			.withPropertyValues("graphql.sign-in.passkey.enabled=true")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = analysis(context.getStartupFailure());
				assertThat(analysis.getDescription()).contains("spring-security-webauthn");
				assertThat(analysis.getAction()).contains("org.springframework.security:spring-security-webauthn");
			});
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(PasskeyLibraryCheck.class))
			.withPropertyValues("graphql.sign-in.passkey.enabled=true")
			.run((context) -> assertThat(context).as("the library there").hasNotFailed());
	}

	// as Spring Boot reports it: the first registered analyzer that explains the failure
	private static FailureAnalysis analysis(Throwable failure) {
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
