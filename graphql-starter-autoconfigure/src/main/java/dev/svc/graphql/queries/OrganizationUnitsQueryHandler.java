package dev.svc.graphql.queries;

import java.util.List;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.OrganizationUnit;
import dev.svc.graphql.security.PermissionDefinition;

/** {@code organizationUnits(id, code)}: the organization units of the caller's tenant. */
@RequiresPermission(PermissionDefinition.ORGANIZATION_UNITS)
final class OrganizationUnitsQueryHandler implements QueryHandler<List<OrganizationUnit>> {

	private final IdentityStore store;

	OrganizationUnitsQueryHandler(IdentityStore store) {
		this.store = store;
	}

	@Override
	public String fieldName() {
		return "organizationUnits";
	}

	@Override
	public List<OrganizationUnit> resolve(QueryContext context) {
		return this.store.findOrganizationUnits(context.user().tenantId(), context.argument("id", Long.class),
				context.text("code", 95));
	}

}
