package dev.svc.graphql.visibility;

import java.util.List;
import java.util.Map;
import java.util.Set;

import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import graphql.ExecutionInput;
import graphql.GraphQL;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.schema.GraphQLSchema;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.execution.GraphQlSource;

import static org.assertj.core.api.Assertions.assertThat;

class SchemaVisibilityAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(PermissionAutoConfiguration.class, RootContainerAutoConfiguration.class,
						SchemaVisibilityAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/");

	@Test
	void shouldBeOffUntilTheEndpointIsSwitchedOn() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class,
					RootContainerAutoConfiguration.class, SchemaVisibilityAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(VisibleSchemas.class));
	}

	@Test
	void shouldHideByPermissionByDefault() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(SchemaVisibilityInstrumentation.class);
			GraphQLSchema whole = context.getBean(GraphQlSource.class).schema();
			VisibleSchemas schemas = context.getBean(VisibleSchemas.class);
			VisibleSchema anonymous = schemas.forCaller(null, whole);
			assertThat(anonymous.hiddenFields()).containsExactly("secret");
			assertThat(anonymous.schema().getQueryType().getFieldDefinition("secret")).isNull();
			assertThat(anonymous.schema().getQueryType().getFieldDefinition("greeting")).isNotNull();
			assertThat(schemas.forCaller(UserContext.anonymous(1), whole)).as("kept").isSameAs(anonymous);
			VisibleSchema holder = schemas.forCaller(new UserContext(1L, "u", null, Set.of("Test.Secret")), whole);
			assertThat(holder.hiddenFields()).isEmpty();
			assertThat(holder.schema()).isSameAs(whole);
		});
	}

	@Test
	void shouldRunEachRequestAgainstTheWholeSchemaAndSayInItsContextWhatItsCallerIsShown() {
		this.contextRunner.run((context) -> {
			GraphQLSchema whole = context.getBean(GraphQlSource.class).schema();
			ExecutionInput input = callerHolding("Other");
			GraphQLSchema used = context.getBean(SchemaVisibilityInstrumentation.class)
				.instrumentSchema(whole, new InstrumentationExecutionParameters(input, whole), null);
			assertThat(used).isSameAs(whole);
			assertThat(VisibleSchema.of(input.getGraphQLContext())).isNotNull()
				.satisfies((visible) -> assertThat(visible.validatesRequests()).isFalse())
				.satisfies(
						(visible) -> assertThat(visible.schema().getQueryType().getFieldDefinition("secret")).isNull())
				.satisfies((visible) -> assertThat(visible.hiddenFields()).isEqualTo(List.of("secret")));
		});
	}

	@Test
	void shouldRunEachRequestAgainstItsCallersSchemaWhenHiddenFieldsAreMissing() {
		this.contextRunner.withPropertyValues("graphql.schema.visibility=by-permission-as-missing").run((context) -> {
			GraphQLSchema whole = context.getBean(GraphQlSource.class).schema();
			ExecutionInput input = callerHolding("Other");
			GraphQLSchema used = context.getBean(SchemaVisibilityInstrumentation.class)
				.instrumentSchema(whole, new InstrumentationExecutionParameters(input, whole), null);
			assertThat(used.getQueryType().getFieldDefinition("secret")).isNull();
			assertThat(VisibleSchema.of(input.getGraphQLContext())).isNotNull()
				.satisfies((visible) -> assertThat(visible.validatesRequests()).isTrue())
				.satisfies((visible) -> assertThat(visible.schema()).isSameAs(used))
				.satisfies((visible) -> assertThat(visible.hiddenFields()).isEqualTo(List.of("secret")));
		});
	}

	@Test
	@SuppressWarnings("unchecked")
	void shouldAnswerIntrospectionFromTheCallersSchemaEvenWhereTheInstrumentationDidNotRun() {
		this.contextRunner.run((context) -> {
			// the schema alone, without the instrumentation that puts the caller's schema
			// into the context
			GraphQL graphQl = GraphQL.newGraphQL(context.getBean(GraphQlSource.class).schema()).build();
			ExecutionInput input = callerHolding("Other")
				.transform((builder) -> builder.query("{ __schema { queryType { fields { name } } } }"));
			Map<String, Map<String, Map<String, List<Map<String, String>>>>> data = graphQl.execute(input).getData();
			assertThat(data.get("__schema").get("queryType").get("fields")).extracting((field) -> field.get("name"))
				.contains("greeting")
				.doesNotContain("secret");
			VisibleSchema shown = VisibleSchema.of(input.getGraphQLContext());
			assertThat(shown).as("what the schema printer prints").isNotNull();
			assertThat(shown.schema().getQueryType().getFieldDefinition("secret")).isNull();
			ExecutionInput type = callerHolding("Other")
				.transform((builder) -> builder.query("{ __type(name: \"Query\") { fields { name } } }"));
			Map<String, Map<String, List<Map<String, String>>>> typeData = graphQl.execute(type).getData();
			assertThat(typeData.get("__type").get("fields")).extracting((field) -> field.get("name"))
				.contains("greeting")
				.doesNotContain("secret");
		});
	}

	private static ExecutionInput callerHolding(String permission) {
		return ExecutionInput.newExecutionInput("{ greeting }")
			.graphQLContext(
					(builder) -> builder.of(UserContext.class, new UserContext(1L, "u", null, Set.of(permission))))
			.build();
	}

	@Test
	void shouldShowEveryoneEverythingWhenSetToAllHoweverItIsSpelled() {
		for (String all : List.of("all", "ALL", "All")) {
			this.contextRunner.withPropertyValues("graphql.schema.visibility=" + all)
				.run((context) -> assertThat(context).hasNotFailed()
					.doesNotHaveBean(VisibleSchemas.class)
					.doesNotHaveBean(SchemaVisibilityInstrumentation.class));
		}
		this.contextRunner.withPropertyValues("graphql.schema.visibility=BY_PERMISSION")
			.run((context) -> assertThat(context).hasSingleBean(SchemaVisibilityInstrumentation.class));
	}

	@Test
	void shouldStopTheStartUpAtAValueThatIsNeither() {
		this.contextRunner.withPropertyValues("graphql.schema.visibility=everything")
			.run((context) -> assertThat(context).getFailure()
				.hasStackTraceContaining("Failed to bind properties under 'graphql.schema.visibility'"));
	}

	@Test
	void shouldMeterTheVisibleSchemasKept() {
		this.contextRunner.withBean(MeterRegistry.class, SimpleMeterRegistry::new).run((context) -> {
			context.getBean(VisibleSchemas.class).forCaller(null, context.getBean(GraphQlSource.class).schema());
			MeterRegistry registry = context.getBean(MeterRegistry.class);
			context.getBean("svcVisibleSchemaCacheMeters", MeterBinder.class).bindTo(registry);
			assertThat(registry.get("cache.size").tag("cache", "svc.visible-schemas").gauge().value()).isEqualTo(1);
		});
	}

}
