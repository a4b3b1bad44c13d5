package dev.svc.graphql.handler;

import java.util.Map;

/**
 * A query field of the root container. Declare an implementation as a bean and the field of the
 * same name in a schema file ({@code extend type Query { ... }}); the container routes every
 * request for that field to {@link #resolve(QueryContext)}.
 *
 * <p>Annotate the implementation with {@link RequiresPermission} to let only signed-in users that
 * hold the permission run it; the check happens before {@code resolve} is called. A
 * prototype-scoped bean is created anew for every use.
 *
 * @param <T> the data object the handler returns; the schema maps its properties to the GraphQL
 * type of the field
 */
public interface QueryHandler<T> {

	/**
	 * The name of the query field this handler serves, unique within the root container.
	 * @return the field name, as declared in the schema
	 */
	String fieldName();

	/**
	 * Runs the query.
	 * @param context the signed-in user, the arguments, the selection set and the variables
	 * @return the data object for the field
	 */
	T resolve(QueryContext context);

	/**
	 * What running the field costs, for the cost limit ({@code graphql.limits.max-cost}), which
	 * refuses a query before anything of it runs. The default counts the field once plus what it
	 * selects; a handler that returns many items multiplies what it selects by how many, for
	 * example by its page size.
	 * @param arguments the field's arguments, with their defaults
	 * @param selectionCost the cost of the fields selected below this one
	 * @return the cost
	 */
	default long cost(Map<String, Object> arguments, long selectionCost) {
		return 1 + selectionCost;
	}

}
