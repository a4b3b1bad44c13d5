package dev.svc.graphql.audit;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The {@code auditLogs} query of the specification's sample
 * ({@code graphql.queries.audit-logs.*}).
 */
@ConfigurationProperties("graphql.queries.audit-logs")
public class AuditLogsQueryProperties {

	/**
	 * Whether the query is served, with its field in the schema.
	 */
	private boolean enabled;

	/**
	 * @return whether the query is served, with its field in the schema
	 */
	public boolean isEnabled() {
		return this.enabled;
	}

	/**
	 * @param enabled whether the query is served, with its field in the schema
	 */
	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

}
