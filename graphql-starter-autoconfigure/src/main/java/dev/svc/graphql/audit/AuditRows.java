package dev.svc.graphql.audit;

import java.sql.PreparedStatement;
import java.sql.SQLException;

import org.jspecify.annotations.Nullable;

/** A record as a row of {@code svc_audit_logs}, each text as its column can hold it. */
final class AuditRows {

	static final String INSERT = "insert into svc_audit_logs (tenant_id, user_id, service_name, method_name,"
			+ " parameters, execution_time, execution_duration, client_ip_address, browser_info, exception)"
			+ " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

	static final String CUT = "…[cut]";

	private AuditRows() {
	}

	static void bind(PreparedStatement statement, AuditRecord record) throws SQLException {
		statement.setObject(1, record.tenantId());
		statement.setObject(2, record.userId());
		statement.setString(3, storable(record.serviceName(), 256));
		statement.setString(4, storable(record.methodName(), 256));
		statement.setString(5, storable(record.parameters(), 1024));
		statement.setObject(6, record.executionTime());
		statement.setInt(7, record.executionDuration());
		statement.setString(8, storable(record.clientIpAddress(), 64));
		statement.setString(9, storable(record.browserInfo(), 512));
		statement.setString(10, storable(record.exception(), 2000));
	}

	// NUL, which PostgreSQL refuses in text, becomes U+FFFD
	static @Nullable String storable(@Nullable String text, int maxLength) {
		if (text == null) {
			return null;
		}
		String clean = (text.indexOf('\0') >= 0) ? text.replace('\0', '\uFFFD') : text;
		if (clean.length() <= maxLength) {
			return clean;
		}
		int end = maxLength - CUT.length();
		if (Character.isHighSurrogate(clean.charAt(end - 1))) {
			end--;
		}
		return clean.substring(0, end) + CUT;
	}

}
