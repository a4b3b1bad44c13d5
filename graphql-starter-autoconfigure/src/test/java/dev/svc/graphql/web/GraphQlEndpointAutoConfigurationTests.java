package dev.svc.graphql.web;

import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.servlet.GraphQlWebMvcAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.web.servlet.function.RouterFunction;

import static org.assertj.core.api.Assertions.assertThat;

class GraphQlEndpointAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(PermissionAutoConfiguration.class,
			RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class,
			GraphQlEndpointAutoConfiguration.class, GraphQlWebMvcAutoConfiguration.class);

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(CONFIGURATIONS)
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldServeTheEndpointWhenEnabled() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(WebGraphQlHandler.class)
				.hasBean("graphQlRouterFunction")
				.hasBean("svcGraphQlRoutes")
				.getBean(GraphQlHttpHandler.class)
				.isInstanceOf(SvcGraphQlHttpHandler.class));
	}

	@Test
	void shouldServeNothingOutsideAWebApplication() {
		new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
			.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/")
			.run((context) -> assertThat(context).doesNotHaveBean(RouterFunction.class)
				.doesNotHaveBean(GraphQlHttpHandler.class));
	}

	@Test
	void shouldBackOffWhenUserDefinesAnHttpHandler() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.withBean("ownHandler", GraphQlHttpHandler.class,
					() -> new GraphQlHttpHandler(WebGraphQlHandler.builder((request) -> null).build()))
			.run((context) -> assertThat(context.getBean(GraphQlHttpHandler.class))
				.isNotInstanceOf(SvcGraphQlHttpHandler.class));
	}

}
