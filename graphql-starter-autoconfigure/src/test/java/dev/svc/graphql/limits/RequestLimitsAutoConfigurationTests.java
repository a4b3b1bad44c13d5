package dev.svc.graphql.limits;

import java.time.Duration;

import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import graphql.execution.instrumentation.Instrumentation;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

import static org.assertj.core.api.Assertions.assertThat;

class RequestLimitsAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(PermissionAutoConfiguration.class,
			RootContainerAutoConfiguration.class, RequestLimitsAutoConfiguration.class, GraphQlAutoConfiguration.class);

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(CONFIGURATIONS)
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldBeOffUntilTheEndpointIsSwitchedOn() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RequestLimitsAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(DocumentCache.class)
				.doesNotHaveBean(Instrumentation.class)
				.doesNotHaveBean(GraphQlSourceBuilderCustomizer.class));
	}

	@Test
	void shouldLimitDocumentsTimeAndCostOfTheModulesQueries() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(DocumentCache.class)
				.hasBean("svcDocumentLimits")
				.hasSingleBean(RequestLimitsInstrumentation.class)
				.hasSingleBean(QueryCostLimit.class)
				.hasBean("svcRequestLimitsCacheMeters");
			assertThat(context).as("no servlet container to limit request bodies in")
				.doesNotHaveBean(FilterRegistrationBean.class);
		});
	}

	@Test
	void shouldApplyTheConfiguredLimits() {
		this.contextRunner
			.withPropertyValues("graphql.limits.max-query-depth=3", "graphql.limits.timeout=2s",
					"graphql.limits.max-cost=70")
			.run((context) -> {
				assertThat(context.getBean(DocumentCache.class))
					.hasFieldOrPropertyWithValue("delegate.limits.queryDepth", 3);
				assertThat(context.getBean(RequestLimitsInstrumentation.class))
					.hasFieldOrPropertyWithValue("timeout", Duration.ofSeconds(2))
					.hasFieldOrPropertyWithValue("costLimit", context.getBean(QueryCostLimit.class));
				assertThat(context.getBean(QueryCostLimit.class)).hasFieldOrPropertyWithValue("maxCost", 70);
			});
	}

	@Test
	void shouldCostNothingWithoutTheModulesQueries() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(RequestLimitsAutoConfiguration.class))
			.withPropertyValues("graphql.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(DocumentCache.class)
				.hasSingleBean(RequestLimitsInstrumentation.class)
				.doesNotHaveBean(QueryCostLimit.class));
	}

	@Test
	void shouldLimitTheRequestBodyOfTheEndpointInAServletApplication() {
		new WebApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
			.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/")
			.run((context) -> assertThat(context).hasBean("svcGraphQlBodyLimit"));
	}

}
