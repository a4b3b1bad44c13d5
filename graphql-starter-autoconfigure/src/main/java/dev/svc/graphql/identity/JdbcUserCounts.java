package dev.svc.graphql.identity;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * How many users match: unfiltered, one row of the kept counts ({@code svc_user_counts},
 * tenant key 0 for the host); filtered, a count of the matching users.
 */
final class JdbcUserCounts {

	private static final String KEPT_COUNT_QUERY = "select c.user_count from svc_user_counts c where c.tenant_key = :tenantKey";

	/** The kept count as a column of a statement with {@code :tenantKey}. */
	static final String KEPT_COUNT = "(" + KEPT_COUNT_QUERY + ")";

	private final JdbcClient jdbc;

	private final UserFilterStatement users;

	JdbcUserCounts(JdbcClient jdbc, UserFilterStatement users) {
		this.jdbc = jdbc;
		this.users = users;
	}

	int count(@Nullable Integer tenantId, UserFilter filter) {
		if (UserFilterStatement.isUnfiltered(filter)) {
			return this.jdbc.sql(KEPT_COUNT_QUERY)
				.param("tenantKey", tenantKey(tenantId))
				.query(Integer.class)
				.optional()
				.orElse(0);
		}
		SqlStatement query = this.users.select("select count(*) from svc_users u", tenantId, filter);
		return this.jdbc.sql(query.sql.toString()).params(query.params).query(Integer.class).single();
	}

	static int tenantKey(@Nullable Integer tenantId) {
		return (tenantId != null) ? tenantId : 0;
	}

}
