package dev.svc.graphql.queries;

import java.util.List;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.Role;
import dev.svc.graphql.security.PermissionDefinition;

/** {@code roles(id, name)}: the roles of the caller's tenant. */
@RequiresPermission(PermissionDefinition.ROLES)
final class RolesQueryHandler implements QueryHandler<List<Role>> {

	private final IdentityStore store;

	RolesQueryHandler(IdentityStore store) {
		this.store = store;
	}

	@Override
	public String fieldName() {
		return "roles";
	}

	@Override
	public List<Role> resolve(QueryContext context) {
		return this.store.findRoles(context.user().tenantId(), context.argument("id", Integer.class),
				context.text("name", 32));
	}

}
