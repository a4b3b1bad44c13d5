package dev.svc.graphql.audit;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code auditLogs} query of the specification's sample
 * ({@code graphql.queries.audit-logs.*}).
 */
@ConfigurationProperties("graphql.queries.audit-logs")
public class AuditLogsQueryProperties {

	/** Whether the query is served, with its field in the schema. */
	private boolean enabled;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
