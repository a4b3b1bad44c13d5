package dev.svc.graphql.audit;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.security.PermissionDefinition;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code auditLogs(userId, serviceName)}: the newest ten matching audit records of the
 * caller's tenant. The specification's sample extension query, written as a host would;
 * declared prototype-scoped, so it is created anew for every use.
 */
@RequiresPermission(PermissionDefinition.AUDIT_LOGS)
final class AuditLogsQueryHandler implements QueryHandler<List<AuditLogsQueryHandler.AuditLog>> {

	private final JdbcClient jdbc;

	AuditLogsQueryHandler(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public String fieldName() {
		return "auditLogs";
	}

	@Override
	public long cost(Map<String, Object> arguments, long selectionCost) {
		return QueryHandler.costOfItems(10, selectionCost);
	}

	@Override
	public List<AuditLog> resolve(QueryContext context) {
		Integer tenantId = context.user().tenantId();
		Long userId = context.argument("userId", Long.class);
		String serviceName = context.argument("serviceName", String.class);
		return this.jdbc
			.sql("select id, service_name, tenant_id, user_id, execution_time from svc_audit_logs" + " where "
					+ ((tenantId != null) ? "tenant_id = :tenantId" : "tenant_id is null")
					+ ((userId != null) ? " and user_id = :userId" : "")
					+ ((serviceName != null) ? " and service_name = :serviceName" : "")
					+ " order by execution_time desc, id desc limit 10")
			.paramSource(new Filters(tenantId, userId, serviceName))
			.query((rs, row) -> new AuditLog(rs.getLong("id"), rs.getString("service_name"),
					rs.getObject("tenant_id", Integer.class), rs.getObject("user_id", Long.class),
					rs.getObject("execution_time", OffsetDateTime.class)))
			.list();
	}

	record Filters(@Nullable Integer tenantId, @Nullable Long userId, @Nullable String serviceName) {
	}

	record AuditLog(long id, String serviceName, @Nullable Integer tenantId, @Nullable Long userId,
			OffsetDateTime executionTime) {
	}

}
