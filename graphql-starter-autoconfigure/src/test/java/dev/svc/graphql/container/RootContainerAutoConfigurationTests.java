package dev.svc.graphql.container;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.GraphQlErrorAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.security.PermissionChecker;
import dev.svc.graphql.security.PermissionDefinition;
import dev.svc.graphql.test.GraphQlTestRequests;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.SystemEnvironmentPropertySource;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.graphql.ExecutionGraphQlResponse;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.ResponseError;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;

import static org.assertj.core.api.Assertions.assertThat;

class RootContainerAutoConfigurationTests {

	private static final UserContext ANONYMOUS = UserContext.anonymous(null);

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class, GraphQlErrorAutoConfiguration.class,
				RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldContributeNothingByDefault() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class,
					GraphQlErrorAutoConfiguration.class, RootContainerAutoConfiguration.class))
			.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(RootContainer.class)
				.doesNotHaveBean(RuntimeWiringConfigurer.class)
				.doesNotHaveBean(GraphQlSourceBuilderCustomizer.class));
	}

	@Test
	void shouldAcceptTheSwitchInEveryRelaxedSpelling() {
		for (String spelling : List.of("GraphQL.Enabled=true", "graphql.enabled=true")) {
			this.contextRunner.withPropertyValues(spelling)
				.run((context) -> assertThat(context).hasSingleBean(ExecutionGraphQlService.class));
		}
		this.contextRunner
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.addFirst(new SystemEnvironmentPropertySource("env", Map.of("GRAPHQL_ENABLED", "true"))))
			.run((context) -> assertThat(context).hasSingleBean(ExecutionGraphQlService.class));
	}

	@Test
	void shouldRouteEachFieldToItsHandler() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			assertThat(context.getBean(RootContainer.class).fieldNames()).containsExactly("failing", "greeting",
					"secret");
			ExecutionGraphQlResponse response = GraphQlTestRequests.execute(
					context.getBean(ExecutionGraphQlService.class), "{ greeting(name: \"Ada\") }",
					new UserContext(7L, "ada", null, Set.of()));
			assertThat(response.getErrors()).isEmpty();
			assertThat((String) response.field("greeting").getValue()).startsWith("Hello Ada from instance ")
				.endsWith(" for ada");
		});
	}

	@Test
	void shouldCreateAPrototypeHandlerForEveryUse() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			ExecutionGraphQlService service = context.getBean(ExecutionGraphQlService.class);
			String first = GraphQlTestRequests.execute(service, "{ greeting }", ANONYMOUS).field("greeting").getValue();
			String second = GraphQlTestRequests.execute(service, "{ greeting }", ANONYMOUS)
				.field("greeting")
				.getValue();
			assertThat(first).isNotEqualTo(second);
		});
	}

	@Test
	void shouldRefuseAnonymousCallersBeforeTheHandlerRuns() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			int callsBefore = TestHandlers.SECRET_CALLS.get();
			ExecutionGraphQlResponse response = GraphQlTestRequests
				.execute(context.getBean(ExecutionGraphQlService.class), "{ secret }", ANONYMOUS);
			ResponseError error = response.getErrors().get(0);
			assertThat(error.getMessage())
				.isEqualTo("Error trying to resolve secret. Current user did not login to the application!");
			assertThat(error.getExtensions()).containsEntry("code", "SVC_AUTHORIZATION");
			assertThat(error.getParsedPath()).containsExactly("secret");
			assertThat(TestHandlers.SECRET_CALLS.get()).isEqualTo(callsBefore);
		});
	}

	@Test
	void shouldRefuseSignedInUsersWithoutThePermission() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			ExecutionGraphQlResponse response = GraphQlTestRequests.execute(
					context.getBean(ExecutionGraphQlService.class), "{ secret }",
					new UserContext(7L, "ada", null, Set.of("Pages")));
			ResponseError error = response.getErrors().get(0);
			assertThat(error.getMessage()).isEqualTo("Error trying to resolve secret. Required permissions are not "
					+ "granted. At least one of these permissions must be granted: Users, Test.Secret");
			assertThat(error.getExtensions()).containsEntry("code", "SVC_AUTHORIZATION");
		});
	}

	@Test
	void shouldNameTheHostsPermissionsByTheirDisplayNames() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.withBean("secrets", PermissionDefinition.class, () -> new PermissionDefinition("Test.Secret", "Secrets"))
			.run((context) -> {
				ExecutionGraphQlResponse response = GraphQlTestRequests.execute(
						context.getBean(ExecutionGraphQlService.class), "{ secret }",
						new UserContext(7L, "ada", null, Set.of("Pages")));
				assertThat(response.getErrors().get(0).getMessage()).endsWith("must be granted: Users, Secrets");
			});
	}

	@Test
	void shouldRunForUsersHoldingAnyOfThePermissions() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			ExecutionGraphQlResponse response = GraphQlTestRequests.execute(
					context.getBean(ExecutionGraphQlService.class), "{ secret }",
					new UserContext(7L, "ada", null, Set.of("Test.Secret")));
			assertThat(response.getErrors()).isEmpty();
			assertThat((String) response.field("secret").getValue()).isEqualTo("42");
		});
	}

	@Test
	void shouldAskTheHostsPermissionChecker() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.withBean(PermissionChecker.class, () -> (user, permission) -> true)
			.run((context) -> {
				ExecutionGraphQlResponse response = GraphQlTestRequests.execute(
						context.getBean(ExecutionGraphQlService.class), "{ secret }",
						new UserContext(7L, "ada", null, Set.of()));
				assertThat(response.getErrors()).isEmpty();
			});
	}

	@Test
	void shouldFailWhenTwoHandlersServeOneField() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.withBean("secondGreeting", TestHandlers.GreetingHandler.class)
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("Query field 'greeting' is served by two handlers")
				.hasMessageContaining("'greetingHandler'")
				.hasMessageContaining("'secondGreeting'"));
	}

	@Test
	void shouldExplainAMisfitInTheStartUpReport() {
		this.contextRunner.withPropertyValues("graphql.enabled=true")
			.withBean("secondGreeting", TestHandlers.GreetingHandler.class)
			.run((context) -> {
				FailureAnalysis analysis = new RootContainerFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis.getDescription()).startsWith("Query field 'greeting' is served by two handlers");
				assertThat(analysis.getAction())
					.isEqualTo("A field has exactly one handler: remove one of the beans or change its fieldName().");
			});
		// other analyzers need constructor arguments Spring Boot supplies; only ours
		// matters here
		assertThat(SpringFactoriesLoader.forDefaultResourceLocation()
			.load(FailureAnalyzer.class, (type, implementation, failure) -> {
			})).hasAtLeastOneElementOfType(RootContainerFailureAnalyzer.class);
	}

	@Test
	void shouldFailWhenNoSchemaFileDeclaresAHandlersField() {
		this.contextRunner
			.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-other/")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining("Query handlers serve [failing, greeting, secret] but no schema file declares"));
	}

	@Test
	void shouldFailWhenTheSchemaDeclaresAFieldNoHandlerServes() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class,
					RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class))
			.withBean(TestHandlers.SecretHandler.class)
			.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/")
			.run((context) -> assertThat(context).getFailure()
				.rootCause()
				.hasMessageContaining(
						"The schema declares query fields [failing, greeting] but no QueryHandler bean or controller serves them"));
	}

	@Test
	void shouldPassVariablesAndSelectionsToTheHandler() {
		this.contextRunner.withPropertyValues("graphql.enabled=true").run((context) -> {
			ExecutionGraphQlResponse response = GraphQlTestRequests.execute(
					context.getBean(ExecutionGraphQlService.class), "query($who: String) { greeting(name: $who) }",
					Map.of("who", "Grace"), ANONYMOUS);
			assertThat((String) response.field("greeting").getValue()).startsWith("Hello Grace");
		});
	}

}
