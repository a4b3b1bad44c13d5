package dev.svc.graphql.error;

import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.test.GraphQlTestRequests;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.ResponseError;

import static org.assertj.core.api.Assertions.assertThat;

class QueryExceptionResolverTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class, GraphQlErrorAutoConfiguration.class,
				RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldHideUnexpectedFailuresInReleaseMode() {
		this.contextRunner.run((context) -> {
			ResponseError error = failure(context.getBean(ExecutionGraphQlService.class), "unexpected");
			assertThat(error.getMessage()).isEqualTo("Error trying to resolve failing.");
			assertThat(error.getExtensions()).containsEntry("code", "INTERNAL_SERVER_ERROR");
			assertThat(error.getParsedPath()).containsExactly("failing");
			assertThat(error.getLocations()).singleElement().satisfies((location) -> {
				assertThat(location.getLine()).isEqualTo(1);
				assertThat(location.getColumn()).isEqualTo(3);
			});
		});
	}

	@Test
	void shouldSendTheExceptionChainAndStackTraceWhenDetailsAreExposed() {
		this.contextRunner.withPropertyValues("graphql.expose-exception-details=true").run((context) -> {
			ResponseError error = failure(context.getBean(ExecutionGraphQlService.class), "unexpected");
			assertThat(error.getMessage())
				.startsWith("Error trying to resolve failing. ---> "
						+ "java.lang.IllegalStateException: kaput ---> java.lang.IllegalArgumentException: root cause")
				.contains("at dev.svc.graphql.container.TestHandlers$FailingHandler.resolve(");
		});
	}

	@Test
	void shouldSendTheMessageOfAUserFriendlyExceptionWithACodeFromItsClassName() {
		this.contextRunner.run((context) -> {
			ResponseError error = failure(context.getBean(ExecutionGraphQlService.class), "friendly");
			assertThat(error.getMessage())
				.isEqualTo("Error trying to resolve failing. It is too hot, come back at 20 degrees or less.");
			assertThat(error.getExtensions()).containsEntry("code", "TEMPERATURE_TOO_HIGH");
		});
	}

	@Test
	void shouldTellADatabaseOutOfReachFromAnInternalError() {
		this.contextRunner.run((context) -> {
			ResponseError error = failure(context.getBean(ExecutionGraphQlService.class), "database");
			assertThat(error.getMessage())
				.isEqualTo("Error trying to resolve failing. The database cannot be reached; try again later.");
			assertThat(error.getExtensions()).containsEntry("code", "SERVICE_UNAVAILABLE");
		});
	}

	@Test
	void shouldDeriveCodesFromClassNames() {
		assertThat(UserFriendlyException.codeOf(BadUserInputException.class)).isEqualTo("BAD_USER_INPUT");
		assertThat(UserFriendlyException.codeOf(UserFriendlyException.class)).isEqualTo("USER_FRIENDLY");
	}

	private static ResponseError failure(ExecutionGraphQlService service, String kind) {
		return GraphQlTestRequests.execute(service, "{ failing(kind: \"" + kind + "\") }", UserContext.anonymous(null))
			.getErrors()
			.get(0);
	}

}
