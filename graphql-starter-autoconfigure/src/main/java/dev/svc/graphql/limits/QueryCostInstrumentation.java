package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.error.ErrorCode;
import graphql.ErrorType;
import graphql.GraphqlErrorBuilder;
import graphql.analysis.FieldComplexityEnvironment;
import graphql.analysis.MaxQueryComplexityInstrumentation;
import graphql.execution.AbortExecutionException;

/**
 * The cost limit ({@code graphql.limits.max-cost}): after validation and before anything runs, the
 * query's cost is added up field by field, each root field as its handler declares (the built-in
 * {@code users} multiplies what it selects by its page size), every other field once plus what it
 * selects. A query over the limit is refused with {@code QUERY_TOO_COMPLEX}.
 */
final class QueryCostInstrumentation extends MaxQueryComplexityInstrumentation {

	private final int maxCost;

	QueryCostInstrumentation(int maxCost, RootContainer container) {
		super(maxCost, (environment, selectionCost) -> cost(container, environment, selectionCost));
		this.maxCost = maxCost;
	}

	private static int cost(RootContainer container, FieldComplexityEnvironment environment, int selectionCost) {
		long cost = (environment.getParentEnvironment() == null)
				? container.cost(environment.getField().getName(), environment.getArguments(), selectionCost)
				: 1L + selectionCost;
		return (int) Math.min(cost, Integer.MAX_VALUE);
	}

	@Override
	protected AbortExecutionException mkAbortException(int totalCost, int maxCost) {
		String value = (totalCost == Integer.MAX_VALUE) ? "beyond counting" : String.valueOf(totalCost);
		return new AbortExecutionException(List.of(GraphqlErrorBuilder.newError()
			.errorType(ErrorType.ValidationError)
			.message("The query's cost is " + value + ", over the limit of " + this.maxCost
					+ " (graphql.limits.max-cost). A list field costs its page size times what it selects: ask for "
					+ "smaller pages, or fewer fields.")
			.extensions(Map.of("code", ErrorCode.QUERY_TOO_COMPLEX))
			.build()));
	}

}
