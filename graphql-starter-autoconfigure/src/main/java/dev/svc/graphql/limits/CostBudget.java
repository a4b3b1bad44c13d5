package dev.svc.graphql.limits;

import graphql.GraphQLContext;

/**
 * Spends each operation's cost once the cost limit ({@code graphql.limits.max-cost}) has
 * let it through and before anything runs: where limits over time, such as the module's
 * rate limits ({@code graphql.rate-limits}), take their share. Two costs: running the
 * operation ({@code cost}), which spends from every budget the caller's query draws on,
 * and reading its document ({@code work}: parsing and validating it, see
 * {@code spendReading}), which only the caller's own pays for.
 */
@FunctionalInterface
public interface CostBudget {

	/**
	 * Spends the work of reading a document that is about to be validated (one not kept
	 * parsed and validated already), before the validation: a caller past its budget is
	 * refused before the work. {@link #spend} is then given the same work, and spends
	 * only what this did not. By default nothing is spent here.
	 * @param context the request's GraphQL context, with the caller's {@code UserContext}
	 * @param work the work of reading the document, 1 or more
	 * @throws graphql.execution.AbortExecutionException with the errors the caller gets,
	 * to refuse the document
	 */
	default void spendReading(GraphQLContext context, long work) {
	}

	/**
	 * Spends an operation's cost, or refuses the operation by throwing graphql-java's
	 * {@code AbortExecutionException} with the errors the caller gets.
	 * @param context the operation's GraphQL context, with the caller's
	 * {@code UserContext}
	 * @param cost what running the operation costs, 0 or more: each field as the cost
	 * limit counts it, but a root field that the caller's permissions refuse 1, as it
	 * runs nothing
	 * @param work what reading its document costs, 1 or more (at most the cost limit): a
	 * caller's own budget pays for the larger of the two
	 */
	void spend(GraphQLContext context, long cost, long work);

}
