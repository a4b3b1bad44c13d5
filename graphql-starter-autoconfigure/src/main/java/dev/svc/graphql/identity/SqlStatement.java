package dev.svc.graphql.identity;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * A statement and its named parameters, built by appending conditions the caller asked
 * for, never text the caller sent.
 */
final class SqlStatement {

	final StringBuilder sql;

	final Map<String, Object> params = new LinkedHashMap<>();

	SqlStatement(String sql) {
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

	/** Every statement reading tenant data carries it, with {@code :tenantId}. */
	static String tenantCondition(String alias, @Nullable Integer tenantId) {
		return (tenantId != null) ? alias + ".tenant_id = :tenantId" : alias + ".tenant_id is null";
	}

	static Map<String, Object> tenantParam(@Nullable Integer tenantId) {
		return (tenantId != null) ? Map.of("tenantId", tenantId) : Map.of();
	}

}
