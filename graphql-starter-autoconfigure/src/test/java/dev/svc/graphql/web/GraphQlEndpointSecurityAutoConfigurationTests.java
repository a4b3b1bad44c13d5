package dev.svc.graphql.web;

import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.csrf.CsrfFilter;

import static org.assertj.core.api.Assertions.assertThat;

class GraphQlEndpointSecurityAutoConfigurationTests {

	private static final AutoConfigurations CONFIGURATIONS = AutoConfigurations.of(PermissionAutoConfiguration.class,
			RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class,
			ServletWebSecurityAutoConfiguration.class, GraphQlEndpointSecurityAutoConfiguration.class);

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(CONFIGURATIONS)
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldGuardTheEndpointAndTheSchemaPrinterWithItsOwnChain() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed().hasBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN);
			DefaultSecurityFilterChain chain = context.getBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN,
					DefaultSecurityFilterChain.class);
			assertThat(chain.getRequestMatcher())
				.hasToString("Or [PathPattern [/graphql], PathPattern [/graphql/schema]]");
			assertThat(chain.getFilters()).noneMatch(CsrfFilter.class::isInstance);
		});
	}

	@Test
	void shouldLetCustomizersShapeTheChain() {
		AtomicInteger calls = new AtomicInteger();
		GraphQlEndpointSecurityCustomizer customizer = (http) -> calls.incrementAndGet();
		this.contextRunner.withBean(GraphQlEndpointSecurityCustomizer.class, () -> customizer).run((context) -> {
			assertThat(context).hasBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN);
			assertThat(calls).hasValue(1);
		});
	}

	@Test
	void shouldBackOffWhenUserDefinesTheChain() {
		SecurityFilterChain own = new DefaultSecurityFilterChain((request) -> false);
		this.contextRunner
			.withBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN, SecurityFilterChain.class, () -> own)
			.run((context) -> assertThat(context.getBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN))
				.isSameAs(own));
	}

	@Test
	void shouldGuardNothingWithoutSpringSecurity() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(SecurityFilterChain.class))
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN));
	}

	@Test
	void shouldGuardNothingWhileTheEndpointIsSwitchedOff() {
		WebApplicationContextRunner hostsService = new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(ServletWebSecurityAutoConfiguration.class,
					GraphQlEndpointSecurityAutoConfiguration.class))
			.withUserConfiguration(GraphQlPropertiesConfiguration.class)
			.withBean(ExecutionGraphQlService.class, () -> (request) -> Mono.empty());
		hostsService.withPropertyValues("graphql.enabled=true")
			.run((context) -> assertThat(context).hasBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN));
		hostsService.withPropertyValues("graphql.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN));
	}

	@Test
	void shouldGuardNothingOutsideAServletApplication() {
		new ApplicationContextRunner().withConfiguration(CONFIGURATIONS)
			.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
			.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(GraphQlEndpointSecurityAutoConfiguration.CHAIN));
	}

	@Configuration(proxyBeanMethods = false)
	@EnableConfigurationProperties(GraphQlProperties.class)
	static class GraphQlPropertiesConfiguration {

	}

}
