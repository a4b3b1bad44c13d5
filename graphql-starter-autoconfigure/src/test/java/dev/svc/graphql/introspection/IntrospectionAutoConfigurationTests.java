package dev.svc.graphql.introspection;

import dev.svc.graphql.Introspection;
import dev.svc.graphql.web.GraphQlEndpointSecurityCustomizer;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;

import static org.assertj.core.api.Assertions.assertThat;

class IntrospectionAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(IntrospectionAutoConfiguration.class))
		.withUserConfiguration(GraphQlPropertiesConfiguration.class)
		.withPropertyValues("graphql.enabled=true");

	@Test
	void shouldBeOffUntilTheEndpointIsSwitchedOn() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(IntrospectionAutoConfiguration.class))
			.withUserConfiguration(GraphQlPropertiesConfiguration.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(WebGraphQlInterceptor.class)
				.doesNotHaveBean(GraphQlEndpointSecurityCustomizer.class));
	}

	@Test
	void shouldLetOnlySignedInUsersIntrospectByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(context).getBean(WebGraphQlInterceptor.class)
				.isInstanceOf(IntrospectionInterceptor.class)
				.hasFieldOrPropertyWithValue("rule", Introspection.SIGNED_IN);
			assertThat(context).hasSingleBean(GraphQlEndpointSecurityCustomizer.class)
				.hasBean("svcSchemaPrinterAccess");
		});
	}

	@Test
	void shouldApplyTheConfiguredRule() {
		this.contextRunner.withPropertyValues("graphql.introspection=everyone")
			.run((context) -> assertThat(context).getBean(IntrospectionInterceptor.class)
				.hasFieldOrPropertyWithValue("rule", Introspection.EVERYONE));
	}

	@Test
	void shouldGuardNoSchemaPrinterWithoutSpringSecurity() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(HttpSecurity.class))
			.run((context) -> assertThat(context).hasSingleBean(IntrospectionInterceptor.class)
				.doesNotHaveBean(GraphQlEndpointSecurityCustomizer.class));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(GraphQlProperties.class)
	static class GraphQlPropertiesConfiguration {

	}

}
