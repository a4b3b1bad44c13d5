package dev.svc.graphql.test;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.OrganizationUnit;
import dev.svc.graphql.identity.Role;
import dev.svc.graphql.identity.Tenant;
import dev.svc.graphql.identity.UserPageRequest;
import dev.svc.graphql.identity.UserPagedResult;
import dev.svc.graphql.identity.UserScrollRequest;
import dev.svc.graphql.identity.UserWindow;

/**
 * The identity store of a host that keeps its identity data elsewhere, with nothing in
 * it.
 */
public final class EmptyIdentityStore implements IdentityStore {

	@Override
	public List<Role> findRoles(Integer tenantId, Integer id, String name) {
		return List.of();
	}

	@Override
	public List<OrganizationUnit> findOrganizationUnits(Integer tenantId, Long id, String code) {
		return List.of();
	}

	@Override
	public UserPagedResult findUsers(Integer tenantId, UserPageRequest request) {
		return new UserPagedResult(0, List.of());
	}

	@Override
	public UserWindow scrollUsers(Integer tenantId, UserScrollRequest request) {
		return new UserWindow(List.of(), List.of(), false, 0);
	}

	@Override
	public Set<String> findGrantedPermissions(long userId) {
		return Set.of();
	}

	@Override
	public Optional<Tenant> findTenant(int id) {
		return Optional.empty();
	}

	@Override
	public Optional<Tenant> findTenantByName(String tenancyName) {
		return Optional.empty();
	}

}
