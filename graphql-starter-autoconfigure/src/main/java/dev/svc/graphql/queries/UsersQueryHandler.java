package dev.svc.graphql.queries;

import java.util.Map;

import dev.svc.graphql.error.BadUserInputException;
import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.UserFilter;
import dev.svc.graphql.identity.UserPageRequest;
import dev.svc.graphql.identity.UserPagedResult;
import dev.svc.graphql.identity.UserSorting;
import dev.svc.graphql.security.PermissionDefinition;

/**
 * {@code users(...)}: a page of the caller's tenant's users, loading only what is
 * selected (page and count in one statement, roles and units in a second).
 */
@RequiresPermission(PermissionDefinition.USERS)
final class UsersQueryHandler implements QueryHandler<UserPagedResult> {

	static final int MAX_RESULT_COUNT = 1000;

	private final IdentityStore store;

	UsersQueryHandler(IdentityStore store) {
		this.store = store;
	}

	@Override
	public String fieldName() {
		return "users";
	}

	/**
	 * Each user of the page costs what it selects; a size {@link #resolve} refuses costs
	 * nothing, so its own {@code BAD_USER_INPUT} answers, not the cost limit.
	 */
	@Override
	public long cost(Map<String, Object> arguments, long selectionCost) {
		Object pageSize = arguments.get("maxResultCount");
		long size = (pageSize instanceof Number number) ? number.longValue() : 10;
		return (size < 0 || size > MAX_RESULT_COUNT) ? 0 : QueryHandler.costOfItems(size, selectionCost);
	}

	@Override
	public UserPagedResult resolve(QueryContext context) {
		Integer tenantId = context.user().tenantId();
		int skipCount = context.argument("skipCount", Integer.class, 0);
		int maxResultCount = context.argument("maxResultCount", Integer.class, 10);
		if (skipCount < 0) {
			throw new BadUserInputException("skipCount must be 0 or more, got " + skipCount + ".");
		}
		if (maxResultCount < 0 || maxResultCount > MAX_RESULT_COUNT) {
			throw new BadUserInputException("maxResultCount must be between 0 and " + MAX_RESULT_COUNT + ", got "
					+ maxResultCount + ". Page through larger results with skipCount.");
		}
		UserSorting sorting = UserArguments.sorting(context);
		UserFilter filter = UserArguments.filter(context);
		boolean withItems = context.isSelected("items");
		return this.store.findUsers(tenantId,
				new UserPageRequest(filter, sorting, skipCount, withItems ? maxResultCount : 0,
						context.isSelected("totalCount"), withItems && context.isSelected("items/roles"),
						withItems && context.isSelected("items/organizationUnits")));
	}

}
