package dev.svc.graphql.instrumentation;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.parameters.InstrumentationCreateStateParameters;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * Instrumentation that acts once a request and never on a field: the hooks of
 * graphql-java's {@link Instrumentation} that a request passes once, with the same
 * meaning. Beans of this type run in order on every execution of the application's
 * {@code GraphQlSource}: before the host's {@link Instrumentation} beans on the input and
 * the result, after them on the schema and the execution context, so that what they
 * choose and check stands. Since they are not links of graphql-java's instrumentation
 * chain, the fields of a request do not call them (a chain of more than one link costs
 * every field a call of every link in several hooks, and the contexts that gather them).
 *
 * @see RequestInstrumentationAutoConfiguration
 */
public interface RequestInstrumentation {

	/**
	 * This instrumentation's state for one request, handed to its other hooks.
	 * @param parameters the request
	 * @return the state, or {@code null}
	 */
	default @Nullable InstrumentationState createState(InstrumentationCreateStateParameters parameters) {
		return null;
	}

	/**
	 * The request's input, before anything else.
	 * @param input the input
	 * @param parameters the request
	 * @param state this instrumentation's state
	 * @return the input to run
	 */
	default ExecutionInput instrumentExecutionInput(ExecutionInput input, InstrumentationExecutionParameters parameters,
			@Nullable InstrumentationState state) {
		return input;
	}

	/**
	 * The schema the request is validated and run against, after the host's
	 * instrumentation chose.
	 * @param schema the schema
	 * @param parameters the request
	 * @param state this instrumentation's state
	 * @return the schema to use
	 */
	default GraphQLSchema instrumentSchema(GraphQLSchema schema, InstrumentationExecutionParameters parameters,
			@Nullable InstrumentationState state) {
		return schema;
	}

	/**
	 * The validated operation, its variables coerced, before any field runs and after the
	 * host's instrumentation saw it; a {@link graphql.execution.AbortExecutionException}
	 * thrown here refuses it.
	 * @param context the execution's context
	 * @param parameters the request
	 * @param state this instrumentation's state
	 * @return the context to run with
	 */
	default ExecutionContext instrumentExecutionContext(ExecutionContext context,
			InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
		return context;
	}

	/**
	 * The result, before the host's instrumentation sees it.
	 * @param result the result
	 * @param parameters the request
	 * @param state this instrumentation's state
	 * @return the result to answer
	 */
	default ExecutionResult instrumentExecutionResult(ExecutionResult result,
			InstrumentationExecutionParameters parameters, @Nullable InstrumentationState state) {
		return result;
	}

}
