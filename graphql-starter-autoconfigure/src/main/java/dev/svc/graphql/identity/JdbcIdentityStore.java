package dev.svc.graphql.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The identity store over the {@code svc_*} tables. All of its SQL is in this class, the
 * credentials' apart in {@link JdbcCredentialStore}; every statement that reads tenant
 * data carries the tenant condition.
 */
final class JdbcIdentityStore implements IdentityStore {

	private static final String ROLE_COLUMNS = "r.id, r.name, r.display_name, r.is_static, r.is_default, r.creation_time, r.tenant_id";

	private static final String OU_COLUMNS = "o.id, o.code, o.display_name, o.parent_id, o.tenant_id";

	private static final String USER_COLUMNS = "u.id, u.user_name, u.name, u.surname, u.email_address, u.phone_number, "
			+ "u.is_active, u.is_email_confirmed, u.creation_time, u.tenant_id";

	/**
	 * Text is sorted case-insensitively, by the upper-case columns that the migrations
	 * keep and index (PostgreSQL's in byte order, as H2's), so both databases return
	 * pages in the same order.
	 */
	private static final Map<UserSorting.Field, String> SORT_COLUMNS = new EnumMap<>(
			Map.of(UserSorting.Field.ID, "u.id", UserSorting.Field.USER_NAME, "u.normalized_user_name",
					UserSorting.Field.NAME, "u.normalized_name", UserSorting.Field.SURNAME, "u.normalized_surname",
					UserSorting.Field.EMAIL_ADDRESS, "u.normalized_email_address", UserSorting.Field.CREATION_TIME,
					"u.creation_time", UserSorting.Field.IS_ACTIVE, "u.is_active"));

	private static final String GRANTS_OF_USER = """
			select g.name, g.is_granted, g.user_id
			from svc_permission_grants g
			where g.user_id = :userId
			   or g.role_id in (select ur.role_id from svc_user_roles ur where ur.user_id = :userId)
			   or g.role_id in (select our.role_id
			                    from svc_organization_unit_roles our
			                    join svc_user_organization_units uou on uou.organization_unit_id = our.organization_unit_id
			                    where uou.user_id = :userId)
			""";

	/**
	 * Roles of a page's users, in the columns they share with {@link #UNITS_OF_USERS}:
	 * each database types a column of the union from both parts, so nulls need no cast
	 * (and MariaDB's and MySQL's casts name other types than PostgreSQL's and H2's).
	 */
	private static final String ROLES_OF_USERS = "select ur.user_id, 'R' as part, r.id,"
			+ " r.name, r.display_name, r.is_static, r.is_default, r.creation_time, null as parent_id,"
			+ " r.tenant_id, '' as sort_key"
			+ " from svc_user_roles ur join svc_roles r on r.id = ur.role_id where ur.user_id in (:userIds) and ";

	/**
	 * Organization units of a page's users: the code in {@code name}, and the order by
	 * code.
	 */
	private static final String UNITS_OF_USERS = "select uou.user_id, 'O', o.id, o.code, o.display_name,"
			+ " null, null, null, o.parent_id," + " o.tenant_id, o.code from svc_user_organization_units uou"
			+ " join svc_organization_units o on o.id = uou.organization_unit_id where uou.user_id in (:userIds) and ";

	private final Cache<Long, Set<String>> permissions;

	private final long permissionCacheMillis;

	private final JdbcClient jdbc;

	private final Clock clock;

	private final @Nullable UserTrigrams trigrams;

	JdbcIdentityStore(JdbcClient jdbc, Clock clock, Duration permissionCacheDuration, int permissionCacheSize) {
		this(jdbc, clock, permissionCacheDuration, permissionCacheSize, null);
	}

	/**
	 * Creates a store reading through the given client.
	 * @param jdbc the client of the host's database
	 * @param clock the time permissions are cached by
	 * @param permissionCacheDuration how long a user's permissions are trusted
	 * @param permissionCacheSize how many users' permissions are kept
	 * @param trigrams the users' trigrams, on databases that need them for the substring
	 * filter (MariaDB and MySQL), else {@code null}
	 */
	JdbcIdentityStore(JdbcClient jdbc, Clock clock, Duration permissionCacheDuration, int permissionCacheSize,
			@Nullable UserTrigrams trigrams) {
		this.permissionCacheMillis = permissionCacheDuration.toMillis();
		this.permissions = Caffeine.newBuilder()
			.maximumSize(permissionCacheSize)
			.expireAfterWrite(permissionCacheDuration.isNegative() ? Duration.ZERO : permissionCacheDuration)
			.ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
			.executor(Runnable::run)
			.recordStats()
			.build();
		this.jdbc = jdbc;
		this.clock = clock;
		this.trigrams = trigrams;
	}

	@Override
	public List<Role> findRoles(@Nullable Integer tenantId, @Nullable Integer id, @Nullable String name) {
		Query query = new Query("select " + ROLE_COLUMNS + " from svc_roles r where " + tenantCondition("r", tenantId));
		query.param("tenantId", tenantId);
		query.andIf(id != null, "r.id = :id", "id", id);
		query.andIf(name != null, "r.name = :name", "name", name);
		return this.jdbc.sql(query.sql.append(" order by r.id").toString())
			.params(query.params)
			.query(JdbcIdentityStore::role)
			.list();
	}

	@Override
	public List<OrganizationUnit> findOrganizationUnits(@Nullable Integer tenantId, @Nullable Long id,
			@Nullable String code) {
		Query query = new Query(
				"select " + OU_COLUMNS + " from svc_organization_units o where " + tenantCondition("o", tenantId));
		query.param("tenantId", tenantId);
		query.andIf(id != null, "o.id = :id", "id", id);
		query.andIf(code != null, "o.code = :code", "code", code);
		return this.jdbc.sql(query.sql.append(" order by o.code, o.id").toString())
			.params(query.params)
			.query(JdbcIdentityStore::organizationUnit)
			.list();
	}

	@Override
	public UserPagedResult findUsers(@Nullable Integer tenantId, UserPageRequest request) {
		if (request.maxResultCount() == 0) {
			return new UserPagedResult(request.totalCount() ? countUsers(tenantId, request.filter()) : 0, List.of());
		}
		List<User> users = new ArrayList<>(request.maxResultCount());
		int[] totalCount = { 0 };
		Query page = pageQuery(tenantId, request);
		this.jdbc.sql(page.sql.toString()).params(page.params).query((RowCallbackHandler) (rs) -> {
			users.add(user(rs, 0));
			totalCount[0] = rs.getInt("total_count");
		});
		if (users.isEmpty()) {
			// past the last page (or nothing matches, when the page is the first): the
			// count alone
			return new UserPagedResult(
					(request.totalCount() && request.skipCount() > 0) ? countUsers(tenantId, request.filter()) : 0,
					List.of());
		}
		return new UserPagedResult(totalCount[0],
				withRolesAndUnits(tenantId, users, request.roles(), request.organizationUnits()));
	}

	/**
	 * The window in one statement, with the count when nothing is filtered, plus one for
	 * the count of a filtered list when it is asked for.
	 */
	@Override
	public UserWindow scrollUsers(@Nullable Integer tenantId, UserScrollRequest request) {
		List<UserSorting.Order> keyset = request.sorting().keyset();
		boolean counted = request.totalCount() && isUnfiltered(request.filter());
		List<User> users = new ArrayList<>(request.count() + 1);
		List<UserPosition> positions = new ArrayList<>(request.count() + 1);
		int[] totalCount = { 0 };
		Query window = windowQuery(tenantId, request, keyset, counted);
		this.jdbc.sql(window.sql.toString()).params(window.params).query((RowCallbackHandler) (rs) -> {
			users.add(user(rs, 0));
			List<Object> keys = new ArrayList<>(keyset.size());
			for (int i = 0; i < keyset.size(); i++) {
				keys.add(key(rs, "k" + i, keyset.get(i).field()));
			}
			positions.add(new UserPosition(keys));
			totalCount[0] = counted ? rs.getInt("total_count") : 0;
		});
		boolean hasMore = users.size() > request.count();
		if (hasMore) {
			users.remove(users.size() - 1);
			positions.remove(positions.size() - 1);
		}
		if (!request.forward()) {
			Collections.reverse(users);
			Collections.reverse(positions);
		}
		if (request.totalCount() && (!counted || users.isEmpty())) {
			totalCount[0] = countUsers(tenantId, request.filter());
		}
		return new UserWindow(withRolesAndUnits(tenantId, users, request.roles(), request.organizationUnits()),
				positions, hasMore, totalCount[0]);
	}

	/**
	 * The window's ids and sort keys are found first, from an index alone where one
	 * serves the order, and only their rows are read. "After the position" is split into
	 * one part per key of the keyset: the users equal to the position in the keys before
	 * that key and past it in that key. Each part is a range of one index read in its
	 * order and cut at the window's size, so that a window deep in the list reads as few
	 * rows as the first one; one condition over all keys at once (an {@code or} of the
	 * parts) would have the database read from the start of the list instead. Read
	 * backward, every direction is reversed and the rows come back reversed.
	 */
	private Query windowQuery(@Nullable Integer tenantId, UserScrollRequest request, List<UserSorting.Order> keyset,
			boolean counted) {
		StringBuilder keys = new StringBuilder();
		List<String> order = new ArrayList<>();
		boolean[] descending = new boolean[keyset.size()];
		for (int i = 0; i < keyset.size(); i++) {
			UserSorting.Order sortOrder = keyset.get(i);
			descending[i] = sortOrder.descending() == request.forward();
			keys.append(", ").append(SORT_COLUMNS.get(sortOrder.field())).append(" as k").append(i);
			order.add("k" + i + ((descending[i]) ? " desc" : " asc"));
		}
		String orderBy = " order by " + String.join(", ", order);
		String fetch = " limit :windowSize";
		List<Object> position = (request.position() != null) ? request.position().keys() : List.of();
		if (!position.isEmpty() && position.size() != keyset.size()) {
			throw new IllegalArgumentException(
					"The position has " + position.size() + " keys, the sorting's keyset " + keyset.size());
		}
		List<String> parts = new ArrayList<>();
		Map<String, Object> params = new LinkedHashMap<>();
		for (int depth = position.size() - 1; parts.isEmpty() || depth >= 0; depth--) {
			Query part = userQuery("select u.id" + keys + " from svc_users u", tenantId, request.filter());
			for (int i = 0; i <= depth; i++) {
				String column = SORT_COLUMNS.get(keyset.get(i).field());
				String comparison = (i < depth) ? " = " : ((descending[i]) ? " < " : " > ");
				part.andIf(true, column + comparison + ":k" + i, "k" + i, position.get(i));
			}
			parts.add(part.sql.append(orderBy).append(fetch).toString());
			params.putAll(part.params);
		}
		String ids = (parts.size() == 1) ? parts.get(0)
				: "select * from ("
						+ parts.stream().map((part) -> "(" + part + ")").collect(Collectors.joining(" union all "))
						+ ") b" + orderBy + fetch;
		StringBuilder keyColumns = new StringBuilder();
		for (int i = 0; i < keyset.size(); i++) {
			keyColumns.append(", p.k").append(i);
		}
		Query window = new Query("select " + USER_COLUMNS + keyColumns
				+ (counted ? ", (select c.user_count from svc_user_counts c where c.tenant_key = :tenantKey)"
						+ " as total_count" : "")
				+ " from (" + ids + ") p join svc_users u on u.id = p.id order by "
				+ String.join(", ", order.stream().map((sortKey) -> "p." + sortKey).toList()));
		window.params.putAll(params);
		window.param("windowSize", request.count() + 1);
		if (counted) {
			window.param("tenantKey", (tenantId != null) ? tenantId : 0);
		}
		return window;
	}

	private static Object key(ResultSet rs, String column, UserSorting.Field field) throws SQLException {
		return switch (field) {
			case ID -> rs.getLong(column);
			case CREATION_TIME -> rs.getObject(column, OffsetDateTime.class);
			case IS_ACTIVE -> rs.getBoolean(column);
			case USER_NAME, NAME, SURNAME, EMAIL_ADDRESS -> rs.getString(column);
		};
	}

	/**
	 * The users with their roles and organization units when asked for, read for all of
	 * them in one statement.
	 */
	private List<User> withRolesAndUnits(@Nullable Integer tenantId, List<User> users, boolean withRoles,
			boolean withUnits) {
		if (users.isEmpty() || (!withRoles && !withUnits)) {
			return users;
		}
		Map<Long, List<Role>> roles = new HashMap<>();
		Map<Long, List<OrganizationUnit>> units = new HashMap<>();
		List<String> parts = new ArrayList<>(2);
		if (withRoles) {
			parts.add(ROLES_OF_USERS + tenantCondition("r", tenantId));
		}
		if (withUnits) {
			parts.add(UNITS_OF_USERS + tenantCondition("o", tenantId));
		}
		this.jdbc.sql(String.join(" union all ", parts) + " order by user_id, part, sort_key, id")
			.param("userIds", users.stream().map(User::id).toList())
			.params(tenantParam(tenantId))
			.query((RowCallbackHandler) (rs) -> {
				long userId = rs.getLong("user_id");
				if ("R".equals(rs.getString("part"))) {
					roles.computeIfAbsent(userId, (key) -> new ArrayList<>()).add(role(rs, 0));
				}
				else {
					units.computeIfAbsent(userId, (key) -> new ArrayList<>())
						.add(new OrganizationUnit(rs.getLong("id"), rs.getString("name"), rs.getString("display_name"),
								nullableLong(rs, "parent_id"), nullableInt(rs, "tenant_id")));
				}
			});
		return users.stream()
			.map((user) -> user.with(roles.getOrDefault(user.id(), List.of()),
					units.getOrDefault(user.id(), List.of())))
			.toList();
	}

	/**
	 * The page's users with the count, in one statement: the page's ids are found first,
	 * from an index alone where one serves the order, and only their rows are read. The
	 * count is the tenant's kept count when nothing is filtered, else a window over the
	 * matching users.
	 */
	private Query pageQuery(@Nullable Integer tenantId, UserPageRequest request) {
		boolean counted = request.totalCount() && isUnfiltered(request.filter());
		StringBuilder keys = new StringBuilder();
		List<String> order = new ArrayList<>();
		boolean sortedById = false;
		for (UserSorting.Order sortOrder : request.sorting().orders()) {
			String key = "s" + order.size();
			keys.append(", ").append(SORT_COLUMNS.get(sortOrder.field())).append(" as ").append(key);
			order.add(key + (sortOrder.descending() ? " desc" : " asc"));
			sortedById |= sortOrder.field() == UserSorting.Field.ID;
		}
		if (!sortedById) {
			order.add("id asc");
		}
		String total = (request.totalCount() && !counted) ? "count(*) over ()" : "0";
		Query ids = userQuery("select u.id" + keys + ", " + total + " as total_count from svc_users u", tenantId,
				request.filter());
		ids.sql.append(" order by ")
			.append(String.join(", ", order))
			.append(" limit :maxResultCount offset :skipCount");
		ids.param("skipCount", request.skipCount());
		ids.param("maxResultCount", request.maxResultCount());
		String totalColumn = counted
				? "(select c.user_count from svc_user_counts c where c.tenant_key = :tenantKey) as total_count"
				: "p.total_count";
		ids.param("tenantKey", (tenantId != null) ? tenantId : 0);
		ids.sql.insert(0, "select " + USER_COLUMNS + ", " + totalColumn + " from (")
			.append(") p join svc_users u on u.id = p.id order by ")
			.append(String.join(", ", order.stream().map((sortKey) -> "p." + sortKey).toList()));
		return ids;
	}

	private int countUsers(@Nullable Integer tenantId, UserFilter filter) {
		if (isUnfiltered(filter)) {
			return this.jdbc.sql("select c.user_count from svc_user_counts c where c.tenant_key = :tenantKey")
				.param("tenantKey", (tenantId != null) ? tenantId : 0)
				.query(Integer.class)
				.optional()
				.orElse(0);
		}
		Query query = userQuery("select count(*) from svc_users u", tenantId, filter);
		return this.jdbc.sql(query.sql.toString()).params(query.params).query(Integer.class).single();
	}

	private static boolean isUnfiltered(UserFilter filter) {
		return filter.id() == null && filter.name() == null && filter.surname() == null && filter.emailAddress() == null
				&& filter.roleId() == null && filter.organizationUnitId() == null && !filter.onlyLockedUsers()
				&& (filter.filter() == null || filter.filter().isBlank());
	}

	/**
	 * Kept for {@code graphql.identity.permission-cache-duration} per user, so that a
	 * query usually costs no statement for the caller's permissions.
	 */
	@Override
	public Set<String> findGrantedPermissions(long userId) {
		if (this.permissionCacheMillis <= 0) {
			return readGrantedPermissions(userId);
		}
		return this.permissions.get(userId, this::readGrantedPermissions);
	}

	Cache<?, ?> permissionCache() {
		return this.permissions;
	}

	private Set<String> readGrantedPermissions(long userId) {
		Set<String> granted = new HashSet<>();
		Set<String> grantedToUser = new HashSet<>();
		Set<String> prohibitedToUser = new HashSet<>();
		this.jdbc.sql(GRANTS_OF_USER).param("userId", userId).query((RowCallbackHandler) (rs) -> {
			String name = rs.getString("name");
			boolean isGranted = rs.getBoolean("is_granted");
			rs.getLong("user_id");
			boolean userLevel = !rs.wasNull();
			if (userLevel) {
				(isGranted ? grantedToUser : prohibitedToUser).add(name);
			}
			else if (isGranted) {
				granted.add(name);
			}
		});
		granted.addAll(grantedToUser);
		granted.removeAll(prohibitedToUser);
		return Set.copyOf(granted);
	}

	@Override
	public Optional<Tenant> findTenant(int id) {
		return this.jdbc.sql("select id, tenancy_name, name, is_active from svc_tenants where id = :id")
			.param("id", id)
			.query((rs, row) -> new Tenant(rs.getInt("id"), rs.getString("tenancy_name"), rs.getString("name"),
					rs.getBoolean("is_active")))
			.optional();
	}

	@Override
	public Optional<Tenant> findTenantByName(String tenancyName) {
		return this.jdbc
			.sql("select id, tenancy_name, name, is_active from svc_tenants where upper(tenancy_name) = "
					+ upperCase(":tenancyName"))
			.param("tenancyName", tenancyName)
			.query((rs, row) -> new Tenant(rs.getInt("id"), rs.getString("tenancy_name"), rs.getString("name"),
					rs.getBoolean("is_active")))
			.optional();
	}

	private Query userQuery(String select, @Nullable Integer tenantId, UserFilter filter) {
		Query query = new Query(select + " where " + tenantCondition("u", tenantId));
		query.param("tenantId", tenantId);
		query.andIf(filter.id() != null, "u.id = :id", "id", filter.id());
		query.andIf(filter.name() != null, "u.name = :name", "name", filter.name());
		query.andIf(filter.surname() != null, "u.surname = :surname", "surname", filter.surname());
		query.andIf(filter.emailAddress() != null, "u.normalized_email_address = :emailAddress", "emailAddress",
				(filter.emailAddress() != null) ? filter.emailAddress().toUpperCase(Locale.ROOT) : null);
		query.andIf(filter.roleId() != null,
				"exists (select 1 from svc_user_roles ur where ur.user_id = u.id and ur.role_id = :roleId)", "roleId",
				filter.roleId());
		query.andIf(filter.organizationUnitId() != null,
				"exists (select 1 from svc_user_organization_units uou where uou.user_id = u.id"
						+ " and uou.organization_unit_id = :organizationUnitId)",
				"organizationUnitId", filter.organizationUnitId());
		query.andIf(filter.onlyLockedUsers(), "u.lockout_end_date > :now", "now", OffsetDateTime.now(this.clock));
		if (filter.filter() != null && !filter.filter().isBlank()) {
			String text = filter.filter().trim();
			UserTrigrams.Condition narrowing = (this.trigrams != null)
					? this.trigrams.narrowing((tenantId != null) ? tenantId : 0, text) : null;
			if (narrowing != null) {
				query.sql.append(" and ").append(narrowing.sql());
				query.params.putAll(narrowing.params());
			}
			// names and surnames as the database generates their upper case, user names
			// and e-mail addresses as hosts write theirs
			String names = upperCase(":nameFilter");
			query.andIf(true,
					"(u.normalized_name like " + names + " escape '!' or u.normalized_surname like " + names
							+ " escape '!' or u.normalized_user_name like :filter escape '!'"
							+ " or u.normalized_email_address like :filter escape '!')",
					"filter", "%" + escapeLike(text.toUpperCase(Locale.ROOT)) + "%");
			query.param("nameFilter", "%" + escapeLike(text) + "%");
		}
		return query;
	}

	/**
	 * The database's upper case of a parameter, as it upper-cases the columns it
	 * generates (on MariaDB and MySQL, where the trigrams are kept, in the columns'
	 * collation).
	 */
	private String upperCase(String parameter) {
		return (this.trigrams != null) ? UserTrigrams.upperCase(parameter) : "upper(" + parameter + ")";
	}

	/**
	 * The tenant condition on a table's alias, which the credentials' lookup carries too.
	 */
	static String tenantCondition(String alias, @Nullable Integer tenantId) {
		return (tenantId != null) ? alias + ".tenant_id = :tenantId" : alias + ".tenant_id is null";
	}

	static Map<String, Object> tenantParam(@Nullable Integer tenantId) {
		return (tenantId != null) ? Map.of("tenantId", tenantId) : Map.of();
	}

	/**
	 * The text with the pattern's own characters escaped by {@code !}: a backslash would
	 * mean another thing in MariaDB's and MySQL's string literals than in PostgreSQL's
	 * and H2's.
	 */
	private static String escapeLike(String text) {
		return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
	}

	private static Role role(ResultSet rs, int row) throws SQLException {
		return new Role(rs.getInt("id"), rs.getString("name"), rs.getString("display_name"), rs.getBoolean("is_static"),
				rs.getBoolean("is_default"), rs.getObject("creation_time", OffsetDateTime.class),
				nullableInt(rs, "tenant_id"));
	}

	private static OrganizationUnit organizationUnit(ResultSet rs, int row) throws SQLException {
		return new OrganizationUnit(rs.getLong("id"), rs.getString("code"), rs.getString("display_name"),
				nullableLong(rs, "parent_id"), nullableInt(rs, "tenant_id"));
	}

	private static User user(ResultSet rs, int row) throws SQLException {
		return new User(rs.getLong("id"), rs.getString("user_name"), rs.getString("name"), rs.getString("surname"),
				rs.getString("email_address"), rs.getString("phone_number"), rs.getBoolean("is_active"),
				rs.getBoolean("is_email_confirmed"), rs.getObject("creation_time", OffsetDateTime.class),
				nullableInt(rs, "tenant_id"), List.of(), List.of());
	}

	private static @Nullable Long nullableLong(ResultSet rs, String column) throws SQLException {
		long value = rs.getLong(column);
		return rs.wasNull() ? null : value;
	}

	static @Nullable Integer nullableInt(ResultSet rs, String column) throws SQLException {
		int value = rs.getInt(column);
		return rs.wasNull() ? null : value;
	}

	/**
	 * A statement being assembled from optional conditions, and its named parameters.
	 */
	private static final class Query {

		private final StringBuilder sql;

		private final Map<String, Object> params = new LinkedHashMap<>();

		Query(String sql) {
			this.sql = new StringBuilder(sql);
		}

		void param(String name, @Nullable Object value) {
			if (value != null) {
				this.params.put(name, value);
			}
		}

		void andIf(boolean condition, String sqlCondition, String name, @Nullable Object value) {
			if (condition) {
				this.sql.append(" and ").append(sqlCondition);
				param(name, value);
			}
		}

	}

}
