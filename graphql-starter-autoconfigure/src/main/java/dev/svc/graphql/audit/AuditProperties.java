package dev.svc.graphql.audit;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The audit log of executed queries ({@code graphql.audit.*}).
 */
@ConfigurationProperties("graphql.audit")
public class AuditProperties {

	/**
	 * Whether executed queries and sign-ins are written to the audit log. Needs a DataSource.
	 */
	private boolean enabled;

	/**
	 * How many audit records may wait for the background writer, also while the database
	 * cannot be reached. A record that finds the queue full is dropped, counted and logged.
	 */
	private int queueCapacity = 10_000;

	/**
	 * Longest time a written record waits before it is flushed to the database.
	 */
	private Duration flushInterval = Duration.ofMillis(500);

	/**
	 * Anonymous queries of one client address recorded one by one in each window, counted per
	 * instance. The queries past it still run; they are counted, and their number is written as
	 * one record of the address per window (AnonymousQueriesNotRecorded). 0 records anonymous
	 * queries by their number only. Queries of signed-in users and sign-in attempts are always
	 * recorded.
	 */
	private int anonymousQueriesPerWindow = 60;

	/**
	 * The window anonymous queries are counted in.
	 */
	private Duration anonymousQueryWindow = Duration.ofMinutes(1);

	/**
	 * How long records are kept. Older ones are deleted by each instance, at start and then
	 * every hour. 0 keeps them forever.
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

	public Duration getRetention() {
		return this.retention;
	}

	public void setRetention(Duration retention) {
		this.retention = retention;
	}

}
