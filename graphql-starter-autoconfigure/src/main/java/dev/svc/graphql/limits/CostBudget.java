package dev.svc.graphql.limits;

import graphql.GraphQLContext;

/**
 * Spends each operation's cost once the cost limit ({@code graphql.limits.max-cost}) has
 * let it through and before anything runs: where limits over time, such as the module's
 * rate limits ({@code graphql.rate-limits}), take their share.
 */
@FunctionalInterface
public interface CostBudget {

	/**
	 * Spends an operation's cost, or refuses the operation by throwing graphql-java's
	 * {@code AbortExecutionException} with the errors the caller gets.
	 * @param context the operation's GraphQL context, with the caller's
	 * {@code UserContext}
	 * @param cost the operation's cost
	 */
	void spend(GraphQLContext context, long cost);

}
