package dev.svc.graphql.error;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.execution.DataFetcherExceptionResolver;
import org.springframework.graphql.server.WebGraphQlInterceptor;

import static org.assertj.core.api.Assertions.assertThat;

class GraphQlErrorAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(GraphQlErrorAutoConfiguration.class));

	@Test
	void shouldBeOffUntilTheEndpointIsSwitchedOn() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(DataFetcherExceptionResolver.class)
			.doesNotHaveBean(WebGraphQlInterceptor.class));
		this.contextRunner.withPropertyValues("graphql.enabled=false")
			.run((context) -> assertThat(context).doesNotHaveBean(DataFetcherExceptionResolver.class));
	}

	@Test
	void shouldMapErrorsWithoutDetailsByDefault() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			assertThat(context).getBean(DataFetcherExceptionResolver.class)
				.isInstanceOf(QueryExceptionResolver.class)
				.hasFieldOrPropertyWithValue("exposeExceptionDetails", false);
			assertThat(context).getBean(WebGraphQlInterceptor.class).isInstanceOf(RequestErrorInterceptor.class);
		});
	}

	@Test
	void shouldExposeExceptionDetailsWhenAskedTo() {
		this.contextRunner.withPropertyValues("graphql.enabled=true", "graphql.expose-exception-details=true")
			.run((context) -> assertThat(context).getBean(DataFetcherExceptionResolver.class)
				.hasFieldOrPropertyWithValue("exposeExceptionDetails", true));
	}

	@Test
	void shouldMapNoRequestErrorsWithoutSpringGraphQlsServer() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.withClassLoader(new FilteredClassLoader(WebGraphQlInterceptor.class))
			.run((context) -> assertThat(context).hasSingleBean(DataFetcherExceptionResolver.class)
				.doesNotHaveBean("svcRequestErrorInterceptor"));
	}

}
