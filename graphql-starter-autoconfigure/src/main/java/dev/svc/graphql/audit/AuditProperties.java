package dev.svc.graphql.audit;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The audit log of executed queries ({@code graphql.audit.*}). */
@ConfigurationProperties("graphql.audit")
public class AuditProperties {

	/** Whether queries and sign-ins are written to the audit log; needs a DataSource. */
	private boolean enabled;

	/**
	 * How long records are kept (each instance deletes older ones hourly); 0 is forever.
	 */
	private Duration retention = Duration.ofDays(90);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getRetention() {
		return this.retention;
	}

	public void setRetention(Duration retention) {
		this.retention = retention;
	}

}
