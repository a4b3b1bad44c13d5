package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.error.ErrorCode;
import graphql.ErrorType;
import graphql.ExecutionResult;
import graphql.GraphqlErrorBuilder;
import graphql.analysis.FieldComplexityEnvironment;
import graphql.analysis.QueryComplexityCalculator;
import graphql.execution.AbortExecutionException;
import graphql.execution.ExecutionContext;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimpleInstrumentationContext;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecuteOperationParameters;
import org.jspecify.annotations.Nullable;

/**
 * The cost limit ({@code graphql.limits.max-cost}): after validation and before anything runs, the
 * query's cost is added up field by field, each root field as its handler declares (the built-in
 * {@code users} multiplies what it selects by its page size), every other field once plus what it
 * selects. A query over the limit is refused with {@code QUERY_TOO_COMPLEX}. The cost of an
 * operation without variables depends on its text alone, and is kept for as many documents as the
 * document cache keeps.
 */
final class QueryCostInstrumentation extends SimplePerformantInstrumentation {

	private record Operation(String document, @Nullable String name) {
	}

	private final int maxCost;

	private final RootContainer container;

	private final int cacheSize;

	private final Map<Operation, Integer> costs = new ConcurrentHashMap<>();

	QueryCostInstrumentation(int maxCost, RootContainer container, int cacheSize) {
		this.maxCost = maxCost;
		this.container = container;
		this.cacheSize = cacheSize;
	}

	@Override
	public @Nullable InstrumentationContext<ExecutionResult> beginExecuteOperation(
			InstrumentationExecuteOperationParameters parameters, InstrumentationState state) {
		int cost = cost(parameters.getExecutionContext());
		if (cost > this.maxCost) {
			throw tooComplex(cost);
		}
		return SimpleInstrumentationContext.noOp();
	}

	private int cost(ExecutionContext execution) {
		if (!execution.getOperationDefinition().getVariableDefinitions().isEmpty()) {
			return calculate(execution);
		}
		Operation operation = new Operation(execution.getExecutionInput().getQuery(),
				execution.getExecutionInput().getOperationName());
		Integer known = this.costs.get(operation);
		if (known != null) {
			return known;
		}
		int cost = calculate(execution);
		if (this.cacheSize > 0) {
			if (this.costs.size() >= this.cacheSize) {
				this.costs.clear();
			}
			this.costs.put(operation, cost);
		}
		return cost;
	}

	private int calculate(ExecutionContext execution) {
		return QueryComplexityCalculator.newCalculator()
			.fieldComplexityCalculator(this::fieldCost)
			.schema(execution.getGraphQLSchema())
			.document(execution.getDocument())
			.operationName(execution.getExecutionInput().getOperationName())
			.variables(execution.getCoercedVariables())
			.build()
			.calculate();
	}

	private int fieldCost(FieldComplexityEnvironment environment, int selectionCost) {
		long cost = (environment.getParentEnvironment() == null)
				? this.container.cost(environment.getField().getName(), environment.getArguments(), selectionCost)
				: 1L + selectionCost;
		return (int) Math.min(cost, Integer.MAX_VALUE);
	}

	private AbortExecutionException tooComplex(int cost) {
		String value = (cost == Integer.MAX_VALUE) ? "beyond counting" : String.valueOf(cost);
		return new AbortExecutionException(List.of(GraphqlErrorBuilder.newError()
			.errorType(ErrorType.ValidationError)
			.message("The query's cost is " + value + ", over the limit of " + this.maxCost
					+ " (graphql.limits.max-cost). A list field costs its page size times what it selects: ask for "
					+ "smaller pages, or fewer fields.")
			.extensions(Map.of("code", ErrorCode.QUERY_TOO_COMPLEX))
			.build()));
	}

}
