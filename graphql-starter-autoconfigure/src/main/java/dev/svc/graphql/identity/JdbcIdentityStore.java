package dev.svc.graphql.identity;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import com.github.benmanes.caffeine.cache.Cache;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The store over the {@code svc_*} tables; users in {@link JdbcUsersQuery}, permissions
 * in {@link JdbcGrantedPermissions}, credentials in {@link JdbcCredentialStore}. Every
 * statement reading tenant data carries the tenant condition.
 */
final class JdbcIdentityStore implements IdentityStore {

	private final JdbcClient jdbc;

	private final JdbcUsersQuery users;

	private final JdbcGrantedPermissions permissions;

	private final UserFilterStatement filter;

	/** {@code trigrams} where the substring filter needs them, else {@code null}. */
	JdbcIdentityStore(JdbcClient jdbc, Clock clock, Duration permissionCacheDuration, long permissionCacheBytes,
			@Nullable UserTrigrams trigrams) {
		this.jdbc = jdbc;
		this.filter = new UserFilterStatement(clock, trigrams);
		this.users = new JdbcUsersQuery(jdbc, this.filter, new JdbcUserCounts(jdbc, this.filter));
		this.permissions = new JdbcGrantedPermissions(jdbc, clock, permissionCacheDuration, permissionCacheBytes);
	}

	@Override
	public List<Role> findRoles(@Nullable Integer tenantId, @Nullable Integer id, @Nullable String name) {
		SqlStatement query = new SqlStatement("select " + IdentityRows.ROLE_COLUMNS + " from svc_roles r where "
				+ SqlStatement.tenantCondition("r", tenantId));
		query.param("tenantId", tenantId);
		query.andIf(id != null, "r.id = :id", "id", id);
		query.andIf(name != null, "r.name = :name", "name", name);
		return this.jdbc.sql(query.sql.append(" order by r.id").toString())
			.params(query.params)
			.query(IdentityRows::role)
			.list();
	}

	@Override
	public List<OrganizationUnit> findOrganizationUnits(@Nullable Integer tenantId, @Nullable Long id,
			@Nullable String code) {
		SqlStatement query = new SqlStatement("select " + IdentityRows.OU_COLUMNS
				+ " from svc_organization_units o where " + SqlStatement.tenantCondition("o", tenantId));
		query.param("tenantId", tenantId);
		query.andIf(id != null, "o.id = :id", "id", id);
		query.andIf(code != null, "o.code = :code", "code", code);
		return this.jdbc.sql(query.sql.append(" order by o.code, o.id").toString())
			.params(query.params)
			.query(IdentityRows::organizationUnit)
			.list();
	}

	@Override
	public UserPagedResult findUsers(@Nullable Integer tenantId, UserPageRequest request) {
		return this.users.findUsers(tenantId, request);
	}

	@Override
	public UserWindow scrollUsers(@Nullable Integer tenantId, UserScrollRequest request) {
		return this.users.scrollUsers(tenantId, request);
	}

	@Override
	public Set<String> findGrantedPermissions(long userId) {
		return this.permissions.of(userId);
	}

	Cache<?, ?> permissionCache() {
		return this.permissions.cache();
	}

	@Override
	public Optional<Tenant> findTenant(int id) {
		return this.jdbc.sql("select id, tenancy_name, name, is_active from svc_tenants where id = :id")
			.param("id", id)
			.query(IdentityRows::tenant)
			.optional();
	}

	@Override
	public Optional<Tenant> findTenantByName(String tenancyName) {
		return this.jdbc
			.sql("select id, tenancy_name, name, is_active from svc_tenants where upper(tenancy_name) = "
					+ this.filter.upperCase(":tenancyName"))
			.param("tenancyName", tenancyName)
			.query(IdentityRows::tenant)
			.optional();
	}

}
