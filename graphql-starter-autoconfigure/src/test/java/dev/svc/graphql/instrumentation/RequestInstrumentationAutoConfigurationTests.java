package dev.svc.graphql.instrumentation;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.ExecutionContext;
import graphql.execution.ValueUnboxer;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.dataloader.EmptyDataLoaderRegistryInstance;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldParameters;
import graphql.schema.GraphQLSchema;
import io.micrometer.observation.ObservationRegistry;
import org.dataloader.DataLoaderFactory;
import org.dataloader.DataLoaderRegistry;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ClassPathResource;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;
import org.springframework.graphql.observation.GraphQlObservationInstrumentation;

import static org.assertj.core.api.Assertions.assertThat;

class RequestInstrumentationAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(RequestInstrumentationAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withBean(RuntimeWiringConfigurer.class, Instrumented::users)
		.withPropertyValues("graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-instrumentation/");

	@Test
	void shouldRunOncePerRequestAroundTheHostsInstrumentationAndOnNoField() {
		this.contextRunner.withUserConfiguration(Instrumented.class, SecondHost.class).run((context) -> {
			List<String> events = context.getBean(Instrumented.class).events;
			ExecutionResult result = context.getBean(GraphQlSource.class)
				.graphQl()
				.execute(ExecutionInput.newExecutionInput("{ users { name } }").build());
			assertThat(result.<Map<String, Object>>getData()).containsEntry("users",
					List.of(Map.of("name", "Ada"), Map.of("name", "Grace")));
			assertThat(result.getExtensions()).containsEntry("seen", "request");
			assertThat(events).containsExactly("request: state", "first: state", "second: state", "request: input",
					"first: input", "second: input", "first: schema", "second: schema", "request: schema",
					"first: operation", "second: operation", "request: operation", "first: field users",
					"second: field users", "first: field name", "second: field name", "first: field name",
					"second: field name", "request: result", "first: result seen", "second: result seen");
		});
	}

	@Test
	void shouldCallTheHostsOnlyInstrumentationWithoutSpringsChain() {
		this.contextRunner.withUserConfiguration(Instrumented.class).run((context) -> {
			GraphQL graphQl = context.getBean(GraphQlSource.class).graphQl();
			assertThat(((RequestInstrumentations) graphQl.getInstrumentation()).chain())
				.isSameAs(context.getBean("first"));
			graphQl.execute(ExecutionInput.newExecutionInput("{ users { name } }").build());
			assertThat(context.getBean(Instrumented.class).events).containsExactly("request: state", "first: state",
					"request: input", "first: input", "first: schema", "request: schema", "first: operation",
					"request: operation", "first: field users", "first: field name", "first: field name",
					"request: result", "first: result seen");
		});
	}

	@Test
	void shouldKeepGraphQlJavasEmptyDataLoaderRegistryWhereTheChainAddsNoLoader() {
		this.contextRunner.withUserConfiguration(Instrumented.class)
			.withBean(GraphQlObservationInstrumentation.class,
					() -> new GraphQlObservationInstrumentation(ObservationRegistry.create()))
			.withBean(Registries.class)
			.run((context) -> {
				GraphQL graphQl = context.getBean(GraphQlSource.class).graphQl();
				DataLoaderRegistry loaders = DataLoaderRegistry.newRegistry()
					.register("names", DataLoaderFactory.newDataLoader(CompletableFuture::completedFuture))
					.build();
				graphQl.execute(ExecutionInput.newExecutionInput("{ users { name } }").build());
				graphQl.execute(
						ExecutionInput.newExecutionInput("{ users { name } }").dataLoaderRegistry(loaders).build());
				List<DataLoaderRegistry> seen = context.getBean(Registries.class).seen;
				assertThat(seen.get(0)).as("no per-level dispatch for no loader")
					.isSameAs(EmptyDataLoaderRegistryInstance.EMPTY_DATALOADER_REGISTRY);
				assertThat(seen.get(1).getKeys()).containsExactly("names");
			});
	}

	@Test
	void shouldLeaveTheSourceAsBuiltWithoutRequestInstrumentations() {
		this.contextRunner.withUserConfiguration(Uninstrumented.class).run((context) -> {
			GraphQlSource source = context.getBean(GraphQlSource.class);
			assertThat(source.graphQl().getInstrumentation()).isNotInstanceOf(RequestInstrumentations.class);
		});
	}

	@Test
	void shouldFollowASourceWhoseGraphQlChanges() {
		GraphQlSource built = source();
		GraphQlSource rebuilt = source();
		AtomicReference<GraphQlSource> current = new AtomicReference<>(built);
		GraphQlSource refreshable = new GraphQlSource() {

			@Override
			public GraphQL graphQl() {
				return current.get().graphQl();
			}

			@Override
			public GraphQLSchema schema() {
				return current.get().schema();
			}

		};
		List<RequestInstrumentation> instrumentations = List.of(new RequestInstrumentation() {
		});
		GraphQlSource instrumented = RequestInstrumentations.around(refreshable, instrumentations);
		assertThat(RequestInstrumentations.isAround(instrumented.graphQl(), instrumentations)).isTrue();
		assertThat(instrumented.graphQl().getGraphQLSchema()).isSameAs(built.schema());
		current.set(rebuilt);
		assertThat(RequestInstrumentations.isAround(instrumented.graphQl(), instrumentations)).isTrue();
		assertThat(instrumented.graphQl().getGraphQLSchema()).isSameAs(rebuilt.schema());
		assertThat(instrumented.schema()).isSameAs(rebuilt.schema());
		assertThat(RequestInstrumentations.around(instrumented, instrumentations)).as("not twice")
			.isSameAs(instrumented);
	}

	@Test
	void shouldKeepWhatTheGraphQlWasBuiltWith() {
		ValueUnboxer unboxer = (value) -> value;
		GraphQL graphQl = GraphQL.newGraphQL(source().schema())
			.valueUnboxer(unboxer)
			.doNotAutomaticallyDispatchDataLoader()
			.build();
		GraphQlSource built = new GraphQlSource() {

			@Override
			public GraphQL graphQl() {
				return graphQl;
			}

			@Override
			public GraphQLSchema schema() {
				return graphQl.getGraphQLSchema();
			}

		};
		GraphQL instrumented = RequestInstrumentations.around(built, List.of(new RequestInstrumentation() {
		})).graphQl();
		assertThat(instrumented.getValueUnboxer()).isSameAs(unboxer);
		assertThat(instrumented.isDoNotAutomaticallyDispatchDataLoader()).isTrue();
		assertThat(instrumented.getPreparsedDocumentProvider()).isSameAs(graphQl.getPreparsedDocumentProvider());
	}

	@Test
	void shouldFailTheStartWhereTheSourceEscapedThePostProcessor() {
		GraphQlSource finished = source();
		this.contextRunner.withUserConfiguration(Instrumented.class)
			.withInitializer((context) -> context.getBeanFactory().registerSingleton("graphQlSource", finished))
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining("runs without the module's request instrumentation"));
	}

	@Test
	void shouldBeOffUntilTheEndpointIsSwitchedOn() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(RequestInstrumentationAutoConfiguration.class))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean("svcRequestInstrumentations"));
	}

	private static GraphQlSource source() {
		return GraphQlSource.schemaResourceBuilder()
			.schemaResources(new ClassPathResource("graphql-instrumentation/users.graphqls"))
			.build();
	}

	/**
	 * A request instrumentation and a host instrumentation that record what they see.
	 */
	@Configuration(proxyBeanMethods = false)
	static class Instrumented {

		final List<String> events = new CopyOnWriteArrayList<>();

		static RuntimeWiringConfigurer users() {
			return (wiring) -> wiring.type("Query", (type) -> type.dataFetcher("users",
					(environment) -> List.of(Map.of("name", "Ada"), Map.of("name", "Grace"))));
		}

		@Bean
		RequestInstrumentation request() {
			return new RequestInstrumentation() {

				@Override
				public InstrumentationState createState(InstrumentationCreateStateParameters parameters) {
					Instrumented.this.events.add("request: state");
					return new InstrumentationState() {
					};
				}

				@Override
				public ExecutionInput instrumentExecutionInput(ExecutionInput input,
						InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
					Instrumented.this.events.add("request: input");
					return input;
				}

				@Override
				public GraphQLSchema instrumentSchema(GraphQLSchema schema,
						InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
					Instrumented.this.events.add("request: schema");
					return schema;
				}

				@Override
				public ExecutionContext instrumentExecutionContext(ExecutionContext executionContext,
						InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
					Instrumented.this.events.add("request: operation");
					return executionContext;
				}

				@Override
				public ExecutionResult instrumentExecutionResult(ExecutionResult result,
						InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
					Instrumented.this.events.add("request: result");
					return result.transform((builder) -> builder.addExtension("seen", "request"));
				}

			};
		}

		@Bean
		@Order(1)
		HostInstrumentation first() {
			return new HostInstrumentation("first", this.events);
		}

	}

	/** A second link of the host's chain, after the first. */
	@Configuration(proxyBeanMethods = false)
	static class SecondHost {

		@Bean
		@Order(2)
		HostInstrumentation second(Instrumented instrumented) {
			return new HostInstrumentation("second", instrumented.events);
		}

	}

	/** The host's instrumentation alone. */
	@Configuration(proxyBeanMethods = false)
	static class Uninstrumented {

		@Bean
		HostInstrumentation host() {
			return new HostInstrumentation("host", new CopyOnWriteArrayList<>());
		}

	}

	/** Records the data loader registry each execution runs with. */
	static final class Registries extends SimplePerformantInstrumentation {

		final List<DataLoaderRegistry> seen = new CopyOnWriteArrayList<>();

		@Override
		public ExecutionContext instrumentExecutionContext(ExecutionContext context,
				InstrumentationExecutionParameters parameters, InstrumentationState state) {
			this.seen.add(context.getDataLoaderRegistry());
			return context;
		}

	}

	/**
	 * A link of the host's chain: records each hook, and checks it is handed its state.
	 */
	static final class HostInstrumentation extends SimplePerformantInstrumentation {

		private final String name;

		private final List<String> events;

		HostInstrumentation(String name, List<String> events) {
			this.name = name;
			this.events = events;
		}

		@Override
		public InstrumentationState createState(InstrumentationCreateStateParameters parameters) {
			this.events.add(this.name + ": state");
			return new Own(this);
		}

		@Override
		public ExecutionInput instrumentExecutionInput(ExecutionInput input,
				InstrumentationExecutionParameters parameters, InstrumentationState state) {
			this.events.add(this.name + ": input" + mine(state));
			return input;
		}

		@Override
		public GraphQLSchema instrumentSchema(GraphQLSchema schema, InstrumentationExecutionParameters parameters,
				InstrumentationState state) {
			this.events.add(this.name + ": schema" + mine(state));
			return schema;
		}

		@Override
		public ExecutionContext instrumentExecutionContext(ExecutionContext executionContext,
				InstrumentationExecutionParameters parameters, InstrumentationState state) {
			this.events.add(this.name + ": operation" + mine(state));
			return executionContext;
		}

		@Override
		public @Nullable InstrumentationContext<Object> beginFieldExecution(InstrumentationFieldParameters parameters,
				InstrumentationState state) {
			this.events.add(this.name + ": field " + parameters.getField().getName() + mine(state));
			return null;
		}

		@Override
		public CompletableFuture<ExecutionResult> instrumentExecutionResult(ExecutionResult result,
				InstrumentationExecutionParameters parameters, InstrumentationState state) {
			this.events.add(this.name + ": result" + ((result.getExtensions() != null) ? " seen" : "") + mine(state));
			return CompletableFuture.completedFuture(result);
		}

		/** Nothing when the state is this link's own, else what it was handed. */
		private String mine(@Nullable InstrumentationState state) {
			return (state instanceof Own own && own.owner == this) ? "" : " with " + state;
		}

		private record Own(HostInstrumentation owner) implements InstrumentationState {

		}

	}

}
