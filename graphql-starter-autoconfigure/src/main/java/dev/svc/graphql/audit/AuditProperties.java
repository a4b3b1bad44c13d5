package dev.svc.graphql.audit;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The audit log of executed queries ({@code graphql.audit.*}). */
@ConfigurationProperties("graphql.audit")
public class AuditProperties {

	/** Whether queries and sign-ins are written to the audit log; needs a DataSource. */
	private boolean enabled;

	/**
	 * Audit records that may wait for the background writer, also while the database is
	 * away; one that finds the queue full is dropped, counted and logged.
	 */
	private int queueCapacity = 10_000;

	/** Longest time a written record waits before it is flushed to the database. */
	private Duration flushInterval = Duration.ofMillis(500);

	/**
	 * Anonymous queries of a client address recorded one by one per window and instance;
	 * further ones still run, counted in one record per address and window
	 * (AnonymousQueriesNotRecorded). 0 records their number only.
	 */
	private int anonymousQueriesPerWindow = 60;

	/** The window anonymous queries are counted in. */
	private Duration anonymousQueryWindow = Duration.ofMinutes(1);

	/**
	 * Queries of a signed-in user recorded one by one per window and instance, far more
	 * than a person makes, so a script cannot fill the log; further ones still run,
	 * counted in one record per user and window (QueriesNotRecorded).
	 */
	private int signedInQueriesPerWindow = 600;

	/** The window signed-in users' queries are counted in. */
	private Duration signedInQueryWindow = Duration.ofMinutes(1);

	/**
	 * Refused sign-ins (throttled, invalid input) of a client address recorded one by one
	 * per window and instance; further ones are counted in one record per address and
	 * window (RefusedSignInsNotRecorded). Checked sign-ins are always recorded.
	 */
	private int refusedSignInsPerWindow = 30;

	/** The window refused sign-in attempts are counted in. */
	private Duration refusedSignInWindow = Duration.ofMinutes(1);

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

	public int getQueueCapacity() {
		return this.queueCapacity;
	}

	public void setQueueCapacity(int queueCapacity) {
		this.queueCapacity = queueCapacity;
	}

	public Duration getFlushInterval() {
		return this.flushInterval;
	}

	public void setFlushInterval(Duration flushInterval) {
		this.flushInterval = flushInterval;
	}

	public int getAnonymousQueriesPerWindow() {
		return this.anonymousQueriesPerWindow;
	}

	public void setAnonymousQueriesPerWindow(int anonymousQueriesPerWindow) {
		this.anonymousQueriesPerWindow = anonymousQueriesPerWindow;
	}

	public Duration getAnonymousQueryWindow() {
		return this.anonymousQueryWindow;
	}

	public void setAnonymousQueryWindow(Duration anonymousQueryWindow) {
		this.anonymousQueryWindow = anonymousQueryWindow;
	}

	public int getSignedInQueriesPerWindow() {
		return this.signedInQueriesPerWindow;
	}

	public void setSignedInQueriesPerWindow(int signedInQueriesPerWindow) {
		this.signedInQueriesPerWindow = signedInQueriesPerWindow;
	}

	public Duration getSignedInQueryWindow() {
		return this.signedInQueryWindow;
	}

	public void setSignedInQueryWindow(Duration signedInQueryWindow) {
		this.signedInQueryWindow = signedInQueryWindow;
	}

	public int getRefusedSignInsPerWindow() {
		return this.refusedSignInsPerWindow;
	}

	public void setRefusedSignInsPerWindow(int refusedSignInsPerWindow) {
		this.refusedSignInsPerWindow = refusedSignInsPerWindow;
	}

	public Duration getRefusedSignInWindow() {
		return this.refusedSignInWindow;
	}

	public void setRefusedSignInWindow(Duration refusedSignInWindow) {
		this.refusedSignInWindow = refusedSignInWindow;
	}

	public Duration getRetention() {
		return this.retention;
	}

	public void setRetention(Duration retention) {
		this.retention = retention;
	}

}
