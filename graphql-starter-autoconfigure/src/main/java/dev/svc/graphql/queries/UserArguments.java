package dev.svc.graphql.queries;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.identity.UserFilter;
import dev.svc.graphql.identity.UserSorting;

/** The filter and sorting arguments of {@code users} and {@code usersConnection}. */
final class UserArguments {

	private UserArguments() {
	}

	static UserFilter filter(QueryContext context) {
		return new UserFilter(context.argument("id", Long.class), context.text("name", 64), context.text("surname", 64),
				context.text("emailAddress", 256), context.argument("roleId", Integer.class),
				context.argument("organizationUnitId", Long.class),
				Boolean.TRUE.equals(context.argument("onlyLockedUsers", Boolean.class)), context.text("filter", 256));
	}

	static UserSorting sorting(QueryContext context) {
		String text = context.argument("sorting", String.class);
		return (text == null || text.isBlank()) ? UserSorting.DEFAULT : UserSorting.parse(text);
	}

}
