package dev.svc.graphql.handler;

import java.util.Map;

/**
 * A query field of the root container: declare a bean and the field in a schema file
 * ({@code extend type Query { ... }}). {@link RequiresPermission} is checked before
 * {@link #resolve(QueryContext)}. A prototype-scoped bean is created anew for every use.
 *
 * @param <T> the data object, mapped to the field's type
 */
public interface QueryHandler<T> {

	/**
	 * The served field's name, unique within the root container.
	 * @return the field name, as in the schema
	 */
	String fieldName();

	/**
	 * Runs the query.
	 * @param context the call's user, arguments, selection set and variables
	 * @return the data object for the field
	 */
	T resolve(QueryContext context);

	/**
	 * The field's cost for {@code graphql.limits.max-cost}, checked before the query
	 * runs: the field plus its selection, times the page size for lists
	 * ({@link #costOfItems(long, long)}). Arguments may be any value, so the cost must
	 * not overflow into looking cheap; a negative one counts as {@link Long#MAX_VALUE}.
	 * @param arguments the field's arguments, with their defaults
	 * @param selectionCost the cost of the selection below, 0 to {@link Long#MAX_VALUE}
	 * @return the cost
	 */
	default long cost(Map<String, Object> arguments, long selectionCost) {
		return costOfItems(1, selectionCost);
	}

	/**
	 * The field plus {@code items} items each costing {@code selectionCost}; an overflow
	 * is {@link Long#MAX_VALUE}, over any limit, and negative inputs count as 0.
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
