package dev.svc.graphql.instrumentation;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.ChainedInstrumentation;
import graphql.execution.instrumentation.DocumentAndVariables;
import graphql.execution.instrumentation.ExecuteObjectInstrumentationContext;
import graphql.execution.instrumentation.ExecutionStrategyInstrumentationContext;
import graphql.execution.instrumentation.FieldFetchingInstrumentationContext;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.dataloader.EmptyDataLoaderRegistryInstance;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionStrategyParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldCompleteParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldParameters;
import graphql.execution.instrumentation.parameters.InstrumentationReactiveResultsParameters;
import graphql.execution.instrumentation.parameters.InstrumentationValidationParameters;
import graphql.language.Document;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLSchema;
import graphql.validation.ValidationError;
import org.dataloader.DataLoaderRegistry;
import org.jspecify.annotations.Nullable;

import org.springframework.graphql.execution.GraphQlSource;

/**
 * The {@link RequestInstrumentation}s around the instrumentation a {@link GraphQL} was
 * built with (Spring's chain of the host's {@link Instrumentation} beans): they see the
 * input and the result first, the schema and the execution context last, so that their
 * choice of schema and their checks of the operation stand; every hook a request does not
 * pass once is the chain's alone, with the chain's own state.
 */
final class RequestInstrumentations implements Instrumentation {

	private final List<RequestInstrumentation> instrumentations;

	private final Instrumentation chain;

	private RequestInstrumentations(List<RequestInstrumentation> instrumentations, Instrumentation chain) {
		this.instrumentations = List.copyOf(instrumentations);
		this.chain = chain;
	}

	/**
	 * The source with the instrumentations around its own.
	 * @param source the application's source
	 * @param instrumentations the request instrumentations, in order
	 * @return a source whose {@link GraphQL} runs them on every execution
	 */
	static GraphQlSource around(GraphQlSource source, List<RequestInstrumentation> instrumentations) {
		return isAround(source.graphQl(), instrumentations) ? source : new InstrumentedSource(source, instrumentations);
	}

	/**
	 * Whether the request instrumentations run on every execution of this
	 * {@link GraphQL}.
	 * @param graphQl the GraphQL
	 * @param instrumentations the request instrumentations
	 * @return whether its instrumentation runs each of them
	 */
	static boolean isAround(GraphQL graphQl, List<RequestInstrumentation> instrumentations) {
		return graphQl.getInstrumentation() instanceof RequestInstrumentations around
				&& around.instrumentations.containsAll(instrumentations);
	}

	private static GraphQL instrumented(GraphQL graphQl, List<RequestInstrumentation> instrumentations) {
		RequestInstrumentations around = new RequestInstrumentations(instrumentations,
				unchained(graphQl.getInstrumentation()));
		return graphQl.transform((builder) -> {
			// with what transform does not carry over
			builder.instrumentation(around).valueUnboxer(graphQl.getValueUnboxer());
			if (graphQl.isDoNotAutomaticallyDispatchDataLoader()) {
				builder.doNotAutomaticallyDispatchDataLoader();
			}
		});
	}

	/**
	 * The instrumentation itself where Spring chained only one: graphql-java passes every
	 * field of every request through a chain's lambdas, for nothing when there is one
	 * link.
	 * @param instrumentation the instrumentation the {@link GraphQL} was built with
	 * @return the instrumentation to call
	 */
	private static Instrumentation unchained(Instrumentation instrumentation) {
		if (instrumentation.getClass() == ChainedInstrumentation.class) {
			List<Instrumentation> links = ((ChainedInstrumentation) instrumentation).getInstrumentations();
			if (links.size() <= 1) {
				return links.isEmpty() ? SimplePerformantInstrumentation.INSTANCE : links.get(0);
			}
		}
		return instrumentation;
	}

	Instrumentation chain() {
		return this.chain;
	}

	@Override
	public CompletableFuture<InstrumentationState> createStateAsync(InstrumentationCreateStateParameters parameters) {
		@Nullable InstrumentationState[] own = new InstrumentationState[this.instrumentations.size()];
		for (int i = 0; i < own.length; i++) {
			own[i] = this.instrumentations.get(i).createState(parameters);
		}
		CompletableFuture<InstrumentationState> chainState = this.chain.createStateAsync(parameters);
		return (chainState != null) ? chainState.thenApply((state) -> new State(own, state))
				: CompletableFuture.completedFuture(new State(own, null));
	}

	@Override
	public ExecutionInput instrumentExecutionInput(ExecutionInput executionInput,
			InstrumentationExecutionParameters parameters, InstrumentationState state) {
		State states = (State) state;
		ExecutionInput input = executionInput;
		for (int i = 0; i < states.own.length; i++) {
			input = this.instrumentations.get(i).instrumentExecutionInput(input, parameters, states.own[i]);
		}
		ExecutionInput instrumented = this.chain.instrumentExecutionInput(input, parameters, states.chain);
		DataLoaderRegistry loaders = instrumented.getDataLoaderRegistry();
		DataLoaderRegistry none = EmptyDataLoaderRegistryInstance.EMPTY_DATALOADER_REGISTRY;
		// Spring's observation gives every request a registry of its own: one with no
		// loader makes graphql-java count every field for loaders that do not exist, so
		// graphql-java's empty one stays, as without observation
		boolean noLoaders = input.getDataLoaderRegistry() == none && loaders != none
				&& loaders.getDataLoaders().isEmpty();
		return noLoaders ? instrumented.transform((builder) -> builder.dataLoaderRegistry(none)) : instrumented;
	}

	@Override
	public GraphQLSchema instrumentSchema(GraphQLSchema schema, InstrumentationExecutionParameters parameters,
			InstrumentationState state) {
		State states = (State) state;
		GraphQLSchema instrumented = this.chain.instrumentSchema(schema, parameters, states.chain);
		for (int i = 0; i < states.own.length; i++) {
			instrumented = this.instrumentations.get(i).instrumentSchema(instrumented, parameters, states.own[i]);
		}
		return instrumented;
	}

	@Override
	public ExecutionContext instrumentExecutionContext(ExecutionContext executionContext,
			InstrumentationExecutionParameters parameters, InstrumentationState state) {
		State states = (State) state;
		ExecutionContext context = this.chain.instrumentExecutionContext(executionContext, parameters, states.chain);
		for (int i = 0; i < states.own.length; i++) {
			context = this.instrumentations.get(i).instrumentExecutionContext(context, parameters, states.own[i]);
		}
		return context;
	}

	@Override
	public CompletableFuture<ExecutionResult> instrumentExecutionResult(ExecutionResult executionResult,
			InstrumentationExecutionParameters parameters, InstrumentationState state) {
		State states = (State) state;
		ExecutionResult result = executionResult;
		for (int i = 0; i < states.own.length; i++) {
			result = this.instrumentations.get(i).instrumentExecutionResult(result, parameters, states.own[i]);
		}
		return this.chain.instrumentExecutionResult(result, parameters, states.chain);
	}

	// The chain's alone

	@Override
	public @Nullable InstrumentationContext<ExecutionResult> beginExecution(
			InstrumentationExecutionParameters parameters, InstrumentationState state) {
		return this.chain.beginExecution(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<Document> beginParse(InstrumentationExecutionParameters parameters,
			InstrumentationState state) {
		return this.chain.beginParse(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<List<ValidationError>> beginValidation(
			InstrumentationValidationParameters parameters, InstrumentationState state) {
		return this.chain.beginValidation(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<ExecutionResult> beginExecuteOperation(
			InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
		return this.chain.beginExecuteOperation(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<Void> beginReactiveResults(
			InstrumentationReactiveResultsParameters parameters, InstrumentationState state) {
		return this.chain.beginReactiveResults(parameters, chainState(state));
	}

	@Override
	public @Nullable ExecutionStrategyInstrumentationContext beginExecutionStrategy(
			InstrumentationExecutionStrategyParameters parameters, InstrumentationState state) {
		return this.chain.beginExecutionStrategy(parameters, chainState(state));
	}

	@Override
	public @Nullable ExecuteObjectInstrumentationContext beginExecuteObject(
			InstrumentationExecutionStrategyParameters parameters, InstrumentationState state) {
		return this.chain.beginExecuteObject(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<Object> beginDeferredField(InstrumentationFieldParameters parameters,
			InstrumentationState state) {
		return this.chain.beginDeferredField(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<ExecutionResult> beginSubscribedFieldEvent(
			InstrumentationFieldParameters parameters, InstrumentationState state) {
		return this.chain.beginSubscribedFieldEvent(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<Object> beginFieldExecution(InstrumentationFieldParameters parameters,
			InstrumentationState state) {
		return this.chain.beginFieldExecution(parameters, chainState(state));
	}

	@Override
	@SuppressWarnings("deprecation")
	public @Nullable InstrumentationContext<Object> beginFieldFetch(InstrumentationFieldFetchParameters parameters,
			InstrumentationState state) {
		return this.chain.beginFieldFetch(parameters, chainState(state));
	}

	@Override
	public @Nullable FieldFetchingInstrumentationContext beginFieldFetching(
			InstrumentationFieldFetchParameters parameters, InstrumentationState state) {
		return this.chain.beginFieldFetching(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<Object> beginFieldCompletion(
			InstrumentationFieldCompleteParameters parameters, InstrumentationState state) {
		return this.chain.beginFieldCompletion(parameters, chainState(state));
	}

	@Override
	public @Nullable InstrumentationContext<Object> beginFieldListCompletion(
			InstrumentationFieldCompleteParameters parameters, InstrumentationState state) {
		return this.chain.beginFieldListCompletion(parameters, chainState(state));
	}

	@Override
	public DocumentAndVariables instrumentDocumentAndVariables(DocumentAndVariables documentAndVariables,
			InstrumentationExecutionParameters parameters, InstrumentationState state) {
		return this.chain.instrumentDocumentAndVariables(documentAndVariables, parameters, chainState(state));
	}

	@Override
	public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> dataFetcher,
			InstrumentationFieldFetchParameters parameters, InstrumentationState state) {
		return this.chain.instrumentDataFetcher(dataFetcher, parameters, chainState(state));
	}

	private static @Nullable InstrumentationState chainState(@Nullable InstrumentationState state) {
		return (state instanceof State states) ? states.chain : state;
	}

	/** Each request instrumentation's state, and the chain's. */
	private record State(@Nullable InstrumentationState[] own,
			@Nullable InstrumentationState chain) implements InstrumentationState {

	}

	/**
	 * The application's source, its {@link GraphQL} with the request instrumentations;
	 * asked each time, so that a source whose {@link GraphQL} changes (a refreshed
	 * schema) is followed.
	 */
	private static final class InstrumentedSource implements GraphQlSource {

		private final GraphQlSource source;

		private final List<RequestInstrumentation> instrumentations;

		private volatile Instrumented current;

		InstrumentedSource(GraphQlSource source, List<RequestInstrumentation> instrumentations) {
			this.source = source;
			this.instrumentations = instrumentations;
			GraphQL graphQl = source.graphQl();
			this.current = new Instrumented(graphQl, instrumented(graphQl, instrumentations));
		}

		@Override
		public GraphQL graphQl() {
			GraphQL graphQl = this.source.graphQl();
			Instrumented current = this.current;
			if (current.built() != graphQl) {
				current = new Instrumented(graphQl, instrumented(graphQl, this.instrumentations));
				this.current = current;
			}
			return current.instrumented();
		}

		@Override
		public GraphQLSchema schema() {
			return this.source.schema();
		}

		@Override
		public String toString() {
			return this.source.toString();
		}

		private record Instrumented(GraphQL built, GraphQL instrumented) {

		}

	}

}
