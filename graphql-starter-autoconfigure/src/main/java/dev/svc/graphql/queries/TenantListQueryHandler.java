package dev.svc.graphql.queries;

import java.util.List;
import java.util.function.Function;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;

/**
 * A list of the caller's tenant's, such as {@code roles(id, name)} or
 * {@code organizationUnits(id, code)}: one class for every such field, whose bean method
 * names the field, the store's query and the {@code @RequiresPermission}.
 *
 * @param <T> the listed type
 */
final class TenantListQueryHandler<T> implements QueryHandler<List<T>> {

	private final String fieldName;

	private final Function<QueryContext, List<T>> query;

	TenantListQueryHandler(String fieldName, Function<QueryContext, List<T>> query) {
		this.fieldName = fieldName;
		this.query = query;
	}

	@Override
	public String fieldName() {
		return this.fieldName;
	}

	@Override
	public List<T> resolve(QueryContext context) {
		return this.query.apply(context);
	}

}
