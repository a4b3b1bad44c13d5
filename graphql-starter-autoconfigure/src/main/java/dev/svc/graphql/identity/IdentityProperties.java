package dev.svc.graphql.identity;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The identity data ({@code graphql.identity.*}). */
@ConfigurationProperties("graphql.identity")
public class IdentityProperties {

	/**
	 * Whether the module keeps identity data (tenants, users, roles, organization units,
	 * permissions, audit records) in its own svc_* tables and migration history in the
	 * host's DataSource. A host's own IdentityStore bean turns off the tables and both
	 * module stores.
	 */
	private boolean enabled = true;

	/**
	 * Whether the migrations also load demo data: a host admin and tenants with users
	 * whose password is 123qwe. Never in production.
	 */
	private boolean demoData;

	/**
	 * Whether a start in release mode (graphql.expose-exception-details=false) stops when
	 * an account of the demo data still signs in with the demo password, instead of
	 * warning. Turn it on in production, where nobody may sign in that way.
	 */
	private boolean failOnDemoPasswords;

	/**
	 * How long a user's permissions are cached: the longest a grant or revocation takes
	 * to reach queries on each instance (as graphql.sign-in.session-check-interval is for
	 * log-outs). 0 reads them on every query.
	 */
	private Duration permissionCacheDuration = Duration.ofSeconds(5);

	/** Most users whose permissions are cached; the least used are dropped first. */
	private int permissionCacheSize = 10_000;

	/**
	 * JDBC query timeout of the identity store (whole seconds, at least one). Keep it no
	 * longer than graphql.limits.timeout, so no statement outlives its request.
	 */
	private Duration queryTimeout = Duration.ofSeconds(10);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isDemoData() {
		return this.demoData;
	}

	public void setDemoData(boolean demoData) {
		this.demoData = demoData;
	}

	public boolean isFailOnDemoPasswords() {
		return this.failOnDemoPasswords;
	}

	public void setFailOnDemoPasswords(boolean failOnDemoPasswords) {
		this.failOnDemoPasswords = failOnDemoPasswords;
	}

	public Duration getPermissionCacheDuration() {
		return this.permissionCacheDuration;
	}

	public void setPermissionCacheDuration(Duration permissionCacheDuration) {
		this.permissionCacheDuration = permissionCacheDuration;
	}

	public int getPermissionCacheSize() {
		return this.permissionCacheSize;
	}

	public void setPermissionCacheSize(int permissionCacheSize) {
		this.permissionCacheSize = permissionCacheSize;
	}

	public Duration getQueryTimeout() {
		return this.queryTimeout;
	}

	public void setQueryTimeout(Duration queryTimeout) {
		this.queryTimeout = queryTimeout;
	}

}
