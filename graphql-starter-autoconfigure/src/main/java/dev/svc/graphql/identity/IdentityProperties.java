package dev.svc.graphql.identity;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The identity data ({@code graphql.identity.*}).
 */
@ConfigurationProperties("graphql.identity")
public class IdentityProperties {

	/**
	 * Whether the module keeps identity data (tenants, users, roles, organization units,
	 * permissions, audit records) in the host's DataSource, in tables of its own (svc_*)
	 * created by migrations with a history table of their own. A host that declares its
	 * own IdentityStore bean gets neither the tables nor the module's identity and
	 * credential stores.
	 */
	private boolean enabled = true;

	/**
	 * Whether the module's migrations also load the demo data: a host admin and tenants
	 * with users whose password is 123qwe. For demos and tests only, never in production.
	 */
	private boolean demoData;

	/**
	 * How long the module's store keeps a user's effective permissions before reading
	 * them again: the longest a grant or a revocation takes to reach queries on each
	 * instance, as graphql.sign-in.session-check-interval is for log-outs. 0 reads them
	 * on every query.
	 */
	private Duration permissionCacheDuration = Duration.ofSeconds(5);

	/**
	 * How many users' effective permissions the module's store keeps at most; the least
	 * used are dropped first and read again when next needed.
	 */
	private int permissionCacheSize = 10_000;

	/**
	 * Longest time a statement of the identity store may run, its JDBC query timeout
	 * (whole seconds, at least one). Keep it no longer than graphql.limits.timeout, so
	 * that no statement outlives the request it serves.
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
