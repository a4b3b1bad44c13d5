package dev.svc.graphql.handler;

import java.util.Map;

/**
 * A query field of the root container. Declare an implementation as a bean and the field
 * of the same name in a schema file ({@code extend type Query { ... }}); the container
 * routes every request for that field to {@link #resolve(QueryContext)}.
 *
 * <p>
 * Annotate the implementation with {@link RequiresPermission} to let only signed-in users
 * that hold the permission run it; the check happens before {@code resolve} is called. A
 * prototype-scoped bean is created anew for every use.
 *
 * @param <T> the data object the handler returns; the schema maps its properties to the
 * GraphQL type of the field
 */
public interface QueryHandler<T> {

	/**
	 * The name of the query field this handler serves, unique within the root container.
	 * @return the field name, as declared in the schema
	 */
	String fieldName();

	/**
	 * Runs the query.
	 * @param context the signed-in user, the arguments, the selection set and the
	 * variables
	 * @return the data object for the field
	 */
	T resolve(QueryContext context);

	/**
	 * What running the field costs, for the cost limit ({@code graphql.limits.max-cost}),
	 * which refuses a query before anything of it runs. The default counts the field once
	 * plus what it selects; a handler that returns many items multiplies what it selects
	 * by how many, for example by its page size, through
	 * {@link #costOfItems(long, long)}. The arguments are the caller's, any value its
	 * type admits: the cost must not overflow, so that no argument makes an expensive
	 * query look cheap. A negative cost counts as {@link Long#MAX_VALUE}.
	 * @param arguments the field's arguments, with their defaults
	 * @param selectionCost the cost of the fields selected below this one, from 0 to
	 * {@link Long#MAX_VALUE}
	 * @return the cost
	 */
	default long cost(Map<String, Object> arguments, long selectionCost) {
		return costOfItems(1, selectionCost);
	}

	/**
	 * The cost of a field that returns {@code items} items, each of which costs
	 * {@code selectionCost}: the field once plus the items times what they select. A
	 * product too large for a {@code long} is {@link Long#MAX_VALUE}, over any limit,
	 * instead of wrapping around to a small or negative number; fewer than no items, or a
	 * negative selection cost, count as none.
	 * @param items how many items the field returns at most, such as its page size
	 * @param selectionCost the cost of what each item selects
	 * @return {@code 1 + items * selectionCost}, at most {@link Long#MAX_VALUE}
	 */
	static long costOfItems(long items, long selectionCost) {
		long count = Math.max(items, 0);
		long each = Math.max(selectionCost, 0);
		if (count != 0 && each > (Long.MAX_VALUE - 1) / count) {
			return Long.MAX_VALUE;
		}
		return 1 + count * each;
	}

}
