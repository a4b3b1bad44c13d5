package dev.svc.graphql.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A page by offset ({@code users}) or a window by keyset ({@code usersConnection}) of
 * {@code svc_users}, with its count, and its roles and units in one more statement.
 * Sorting is by whitelisted columns only; every condition is a parameter.
 */
final class JdbcUsersQuery {

	/**
	 * Text sorts by the indexed upper-case columns (PostgreSQL's in byte order, as H2's),
	 * so that both databases return pages in the same order.
	 */
	private static final Map<UserSorting.Field, String> SORT_COLUMNS = new EnumMap<>(
			Map.of(UserSorting.Field.ID, "u.id", UserSorting.Field.USER_NAME, "u.normalized_user_name",
					UserSorting.Field.NAME, "u.normalized_name", UserSorting.Field.SURNAME, "u.normalized_surname",
					UserSorting.Field.EMAIL_ADDRESS, "u.normalized_email_address", UserSorting.Field.CREATION_TIME,
					"u.creation_time", UserSorting.Field.IS_ACTIVE, "u.is_active"));

	/**
	 * Shares its columns with {@link #UNITS_OF_USERS}: each database types a union column
	 * from both parts, so nulls need no cast (whose type names differ between databases).
	 */
	private static final String ROLES_OF_USERS = "select ur.user_id, 'R' as part, r.id,"
			+ " r.name, r.display_name, r.is_static, r.is_default, r.creation_time, null as parent_id,"
			+ " r.tenant_id, '' as sort_key"
			+ " from svc_user_roles ur join svc_roles r on r.id = ur.role_id where ur.user_id in (:userIds) and ";

	/** The code in {@code name}, and the order by code. */
	private static final String UNITS_OF_USERS = "select uou.user_id, 'O', o.id, o.code, o.display_name,"
			+ " null, null, null, o.parent_id," + " o.tenant_id, o.code from svc_user_organization_units uou"
			+ " join svc_organization_units o on o.id = uou.organization_unit_id where uou.user_id in (:userIds) and ";

	private final JdbcClient jdbc;

	private final UserFilterStatement users;

	private final JdbcUserCounts counts;

	JdbcUsersQuery(JdbcClient jdbc, UserFilterStatement users, JdbcUserCounts counts) {
		this.jdbc = jdbc;
		this.users = users;
		this.counts = counts;
	}

	UserPagedResult findUsers(@Nullable Integer tenantId, UserPageRequest request) {
		if (request.maxResultCount() == 0) {
			return new UserPagedResult(request.totalCount() ? this.counts.count(tenantId, request.filter()) : 0,
					List.of());
		}
		List<User> users = new ArrayList<>(request.maxResultCount());
		int[] totalCount = { 0 };
		SqlStatement page = pageQuery(tenantId, request);
		this.jdbc.sql(page.sql.toString()).params(page.params).query((RowCallbackHandler) (rs) -> {
			users.add(IdentityRows.user(rs, 0));
			totalCount[0] = rs.getInt("total_count");
		});
		if (users.isEmpty()) {
			// past the last page, or nothing matches: the count alone
			return new UserPagedResult((request.totalCount() && request.skipCount() > 0)
					? this.counts.count(tenantId, request.filter()) : 0, List.of());
		}
		return new UserPagedResult(totalCount[0],
				withRolesAndUnits(tenantId, users, request.roles(), request.organizationUnits()));
	}

	/** One statement, with the count when unfiltered; one more for a filtered count. */
	UserWindow scrollUsers(@Nullable Integer tenantId, UserScrollRequest request) {
		List<UserSorting.Order> keyset = request.sorting().keyset();
		boolean counted = request.totalCount() && UserFilterStatement.isUnfiltered(request.filter());
		List<User> users = new ArrayList<>(request.count() + 1);
		List<UserPosition> positions = new ArrayList<>(request.count() + 1);
		int[] totalCount = { 0 };
		SqlStatement window = windowQuery(tenantId, request, keyset, counted);
		this.jdbc.sql(window.sql.toString()).params(window.params).query((RowCallbackHandler) (rs) -> {
			users.add(IdentityRows.user(rs, 0));
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
			totalCount[0] = this.counts.count(tenantId, request.filter());
		}
		return new UserWindow(withRolesAndUnits(tenantId, users, request.roles(), request.organizationUnits()),
				positions, hasMore, totalCount[0]);
	}

	/**
	 * The window's ids and sort keys come first, from an index alone where one serves the
	 * order; only their rows are read. "After the position" is one part per keyset key:
	 * equal in the keys before it, past it in that key. Each part is one index range cut
	 * at the window's size, so a deep window reads as few rows as the first; an
	 * {@code or} of the parts would read from the list's start. Backward, every direction
	 * and the rows are reversed.
	 */
	private SqlStatement windowQuery(@Nullable Integer tenantId, UserScrollRequest request,
			List<UserSorting.Order> keyset, boolean counted) {
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
			SqlStatement part = this.users.select("select u.id" + keys + " from svc_users u", tenantId,
					request.filter());
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
		SqlStatement window = new SqlStatement("select " + IdentityRows.USER_COLUMNS + keyColumns
				+ (counted ? ", " + JdbcUserCounts.KEPT_COUNT + " as total_count" : "") + " from (" + ids
				+ ") p join svc_users u on u.id = p.id order by "
				+ String.join(", ", order.stream().map((sortKey) -> "p." + sortKey).toList()));
		window.params.putAll(params);
		window.param("windowSize", request.count() + 1);
		if (counted) {
			window.param("tenantKey", JdbcUserCounts.tenantKey(tenantId));
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

	/** Roles and units, when asked for, for all the users in one statement. */
	private List<User> withRolesAndUnits(@Nullable Integer tenantId, List<User> users, boolean withRoles,
			boolean withUnits) {
		if (users.isEmpty() || (!withRoles && !withUnits)) {
			return users;
		}
		Map<Long, List<Role>> roles = new HashMap<>();
		Map<Long, List<OrganizationUnit>> units = new HashMap<>();
		List<String> parts = new ArrayList<>(2);
		if (withRoles) {
			parts.add(ROLES_OF_USERS + SqlStatement.tenantCondition("r", tenantId));
		}
		if (withUnits) {
			parts.add(UNITS_OF_USERS + SqlStatement.tenantCondition("o", tenantId));
		}
		this.jdbc.sql(String.join(" union all ", parts) + " order by user_id, part, sort_key, id")
			.param("userIds", users.stream().map(User::id).toList())
			.params(SqlStatement.tenantParam(tenantId))
			.query((RowCallbackHandler) (rs) -> {
				long userId = rs.getLong("user_id");
				if ("R".equals(rs.getString("part"))) {
					roles.computeIfAbsent(userId, (key) -> new ArrayList<>()).add(IdentityRows.role(rs, 0));
				}
				else {
					units.computeIfAbsent(userId, (key) -> new ArrayList<>())
						.add(new OrganizationUnit(rs.getLong("id"), rs.getString("name"), rs.getString("display_name"),
								IdentityRows.nullableLong(rs, "parent_id"), IdentityRows.nullableInt(rs, "tenant_id")));
				}
			});
		return users.stream()
			.map((user) -> user.with(roles.getOrDefault(user.id(), List.of()),
					units.getOrDefault(user.id(), List.of())))
			.toList();
	}

	/**
	 * One statement: the page's ids from an index alone where one serves the order, then
	 * their rows; the count is the kept one when unfiltered, else a window function.
	 */
	private SqlStatement pageQuery(@Nullable Integer tenantId, UserPageRequest request) {
		boolean counted = request.totalCount() && UserFilterStatement.isUnfiltered(request.filter());
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
		SqlStatement ids = this.users.select("select u.id" + keys + ", " + total + " as total_count from svc_users u",
				tenantId, request.filter());
		ids.sql.append(" order by ")
			.append(String.join(", ", order))
			.append(" limit :maxResultCount offset :skipCount");
		ids.param("skipCount", request.skipCount());
		ids.param("maxResultCount", request.maxResultCount());
		String totalColumn = counted ? JdbcUserCounts.KEPT_COUNT + " as total_count" : "p.total_count";
		ids.param("tenantKey", JdbcUserCounts.tenantKey(tenantId));
		ids.sql.insert(0, "select " + IdentityRows.USER_COLUMNS + ", " + totalColumn + " from (")
			.append(") p join svc_users u on u.id = p.id order by ")
			.append(String.join(", ", order.stream().map((sortKey) -> "p." + sortKey).toList()));
		return ids;
	}

}
