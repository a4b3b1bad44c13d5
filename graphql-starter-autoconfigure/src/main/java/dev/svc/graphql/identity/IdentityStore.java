package dev.svc.graphql.identity;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The read side of the identity data, for the queries and the user context. Every query
 * is scoped to one tenant ({@code null} for the host), never returning another's rows.
 * The default reads the {@code svc_*} tables; declare a bean to read another store, and a
 * {@link CredentialStore} beside it to sign its users in.
 */
public interface IdentityStore {

	/**
	 * A tenant's roles.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param id only the role with this id, or {@code null}
	 * @param name only the role with this name, or {@code null}
	 * @return the roles, by id
	 */
	List<Role> findRoles(@Nullable Integer tenantId, @Nullable Integer id, @Nullable String name);

	/**
	 * A tenant's organization units.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param id only the unit with this id, or {@code null}
	 * @param code only the unit with this code, or {@code null}
	 * @return the units, by code
	 */
	List<OrganizationUnit> findOrganizationUnits(@Nullable Integer tenantId, @Nullable Long id, @Nullable String code);

	/**
	 * A page of a tenant's users, with the selected count, roles and units, in a fixed
	 * number of statements whatever the page's size.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param request which users, which page, which parts
	 * @return the page; a count, roles or units not asked for are 0 or empty
	 */
	UserPagedResult findUsers(@Nullable Integer tenantId, UserPageRequest request);

	/**
	 * A window of a tenant's users right after (or, backward, before) a position, for
	 * cursor paging, found from the sort keys rather than by counting: a deep window
	 * costs what the first does, and users added or removed meanwhile shift no other user
	 * in or out. A store should answer in a fixed number of statements.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param request which users, in which order, from where, which parts
	 * @return the window; its {@code totalCount} is 0 when not asked for
	 */
	UserWindow scrollUsers(@Nullable Integer tenantId, UserScrollRequest request);

	/**
	 * A user's effective permissions: those of its roles and its units' roles, plus those
	 * granted to it, minus those prohibited to it.
	 * @param userId the user
	 * @return the permission names
	 */
	Set<String> findGrantedPermissions(long userId);

	/**
	 * A tenant by its id.
	 * @param id the tenant's id
	 * @return the tenant, if any
	 */
	Optional<Tenant> findTenant(int id);

	/**
	 * A tenant by the name users sign in to it with.
	 * @param tenancyName the name, case-insensitive
	 * @return the tenant, if any
	 */
	Optional<Tenant> findTenantByName(String tenancyName);

}
