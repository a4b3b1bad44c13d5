package dev.svc.graphql.audit;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The audit log of executed queries ({@code graphql.audit.*}).
 */
@ConfigurationProperties("graphql.audit")
public class AuditProperties {

	/**
	 * Whether executed queries and sign-ins are written to the audit log. Needs a
	 * DataSource.
	 */
	private boolean enabled;

	/**
	 * How many audit records may wait for the background writer, also while the database
	 * cannot be reached. A record that finds the queue full is dropped, counted and
	 * logged.
	 */
	private int queueCapacity = 10_000;

	/**
	 * Longest time a written record waits before it is flushed to the database.
	 */
	private Duration flushInterval = Duration.ofMillis(500);

	/**
	 * Anonymous queries of one client address recorded one by one in each window, counted
	 * per instance. The queries past it still run; they are counted, and their number is
	 * written as one record of the address per window (AnonymousQueriesNotRecorded). 0
	 * records anonymous queries by their number only.
	 */
	private int anonymousQueriesPerWindow = 60;

	/**
	 * The window anonymous queries are counted in.
	 */
	private Duration anonymousQueryWindow = Duration.ofMinutes(1);

	/**
	 * Queries of one signed-in user recorded one by one in each window, counted per
	 * instance: far more than a person's use of a front end makes, so that a script
	 * cannot fill the audit log. The queries past it still run; they are counted, and
	 * their number is written as one record of the user per window (QueriesNotRecorded).
	 */
	private int signedInQueriesPerWindow = 600;

	/**
	 * The window signed-in users' queries are counted in.
	 */
	private Duration signedInQueryWindow = Duration.ofMinutes(1);

	/**
	 * Refused sign-in attempts (throttled ones and invalid input) of one client address
	 * recorded one by one in each window, counted per instance. The attempts past it are
	 * counted, and their number is written as one record of the address per window
	 * (RefusedSignInsNotRecorded). Sign-in attempts that are checked (right or wrong
	 * secrets, lockouts) are always recorded.
	 */
	private int refusedSignInsPerWindow = 30;

	/**
	 * The window refused sign-in attempts are counted in.
	 */
	private Duration refusedSignInWindow = Duration.ofMinutes(1);

	/**
	 * How long records are kept. Older ones are deleted by each instance, at start and
	 * then every hour. 0 keeps them forever.
	 */
	private Duration retention = Duration.ofDays(90);

	/**
	 * @return whether executed queries and sign-ins are written to the audit log
	 */
	public boolean isEnabled() {
		return this.enabled;
	}

	/**
	 * @param enabled whether executed queries and sign-ins are written to the audit log
	 */
	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	/**
	 * @return how many audit records may wait for the background writer, also while the
	 * database cannot be reached
	 */
	public int getQueueCapacity() {
		return this.queueCapacity;
	}

	/**
	 * @param queueCapacity how many audit records may wait for the background writer,
	 * also while the database cannot be reached
	 */
	public void setQueueCapacity(int queueCapacity) {
		this.queueCapacity = queueCapacity;
	}

	/**
	 * @return longest time a written record waits before it is flushed to the database
	 */
	public Duration getFlushInterval() {
		return this.flushInterval;
	}

	/**
	 * @param flushInterval longest time a written record waits before it is flushed to
	 * the database
	 */
	public void setFlushInterval(Duration flushInterval) {
		this.flushInterval = flushInterval;
	}

	/**
	 * @return anonymous queries of one client address recorded one by one in each window,
	 * counted per instance
	 */
	public int getAnonymousQueriesPerWindow() {
		return this.anonymousQueriesPerWindow;
	}

	/**
	 * @param anonymousQueriesPerWindow anonymous queries of one client address recorded
	 * one by one in each window, counted per instance
	 */
	public void setAnonymousQueriesPerWindow(int anonymousQueriesPerWindow) {
		this.anonymousQueriesPerWindow = anonymousQueriesPerWindow;
	}

	/**
	 * @return the window anonymous queries are counted in
	 */
	public Duration getAnonymousQueryWindow() {
		return this.anonymousQueryWindow;
	}

	/**
	 * @param anonymousQueryWindow the window anonymous queries are counted in
	 */
	public void setAnonymousQueryWindow(Duration anonymousQueryWindow) {
		this.anonymousQueryWindow = anonymousQueryWindow;
	}

	/**
	 * @return queries of one signed-in user recorded one by one in each window
	 */
	public int getSignedInQueriesPerWindow() {
		return this.signedInQueriesPerWindow;
	}

	/**
	 * @param signedInQueriesPerWindow queries of one signed-in user recorded one by one
	 * in each window
	 */
	public void setSignedInQueriesPerWindow(int signedInQueriesPerWindow) {
		this.signedInQueriesPerWindow = signedInQueriesPerWindow;
	}

	/**
	 * @return the window signed-in users' queries are counted in
	 */
	public Duration getSignedInQueryWindow() {
		return this.signedInQueryWindow;
	}

	/**
	 * @param signedInQueryWindow the window signed-in users' queries are counted in
	 */
	public void setSignedInQueryWindow(Duration signedInQueryWindow) {
		this.signedInQueryWindow = signedInQueryWindow;
	}

	/**
	 * @return refused sign-in attempts of one client address recorded one by one in each
	 * window
	 */
	public int getRefusedSignInsPerWindow() {
		return this.refusedSignInsPerWindow;
	}

	/**
	 * @param refusedSignInsPerWindow refused sign-in attempts of one client address
	 * recorded one by one in each window
	 */
	public void setRefusedSignInsPerWindow(int refusedSignInsPerWindow) {
		this.refusedSignInsPerWindow = refusedSignInsPerWindow;
	}

	/**
	 * @return the window refused sign-in attempts are counted in
	 */
	public Duration getRefusedSignInWindow() {
		return this.refusedSignInWindow;
	}

	/**
	 * @param refusedSignInWindow the window refused sign-in attempts are counted in
	 */
	public void setRefusedSignInWindow(Duration refusedSignInWindow) {
		this.refusedSignInWindow = refusedSignInWindow;
	}

	/**
	 * @return how long records are kept
	 */
	public Duration getRetention() {
		return this.retention;
	}

	/**
	 * @param retention how long records are kept
	 */
	public void setRetention(Duration retention) {
		this.retention = retention;
	}

}
