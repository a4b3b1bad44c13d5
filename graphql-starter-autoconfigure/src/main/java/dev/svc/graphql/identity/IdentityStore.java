package dev.svc.graphql.identity;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * The read side of the host's identity data: what the queries and the user context read.
 * Every query method is scoped to one tenant ({@code null} for the host) and never
 * returns rows of another. The module's default keeps the {@code svc_*} tables over JDBC;
 * declare a bean of this type to read another store, and a {@link CredentialStore} beside
 * it to sign its users in.
 */
public interface IdentityStore {

	/**
	 * Roles of a tenant.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param id only the role with this id, or {@code null}
	 * @param name only the role with this name, or {@code null}
	 * @return the roles, by id
	 */
	List<Role> findRoles(@Nullable Integer tenantId, @Nullable Integer id, @Nullable String name);

	/**
	 * Organization units of a tenant.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param id only the unit with this id, or {@code null}
	 * @param code only the unit with this code, or {@code null}
	 * @return the units, by code
	 */
	List<OrganizationUnit> findOrganizationUnits(@Nullable Integer tenantId, @Nullable Long id, @Nullable String code);

	/**
	 * A page of the users of a tenant, with what the query selected: the count of the
	 * matching users, and the roles and organization units of the page's users. A store
	 * should answer it with a fixed number of statements whatever the page's size.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param request which users, which page, which parts
	 * @return the page; its {@code totalCount} is 0 when it was not asked for, and its
	 * users' roles and units are empty lists when they were not asked for
	 */
	UserPagedResult findUsers(@Nullable Integer tenantId, UserPageRequest request);

	/**
	 * A window of the users of a tenant next to a position in a sorting, for cursor
	 * paging: the users right after the position (or right before it, read backward),
	 * found from the sort keys' values instead of by counting the users in front, so that
	 * a window deep in the list costs what the first one does, and users added or removed
	 * meanwhile shift no other user in or out of the next window. A store should answer
	 * it with a fixed number of statements.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param request which users, in which order, from where, which parts
	 * @return the window; its {@code totalCount} is 0 when it was not asked for
	 */
	UserWindow scrollUsers(@Nullable Integer tenantId, UserScrollRequest request);

	/**
	 * The effective permissions of a user: those granted to its roles, including the
	 * roles of its organization units, plus those granted to the user, minus those
	 * prohibited to the user.
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
	 * A tenant by the name users type to sign in to it.
	 * @param tenancyName the name, case-insensitive
	 * @return the tenant, if any
	 */
	Optional<Tenant> findTenantByName(String tenancyName);

}
