package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The rate limits of query cost over time, counted where graphql.shared-store keeps what
 * the instances share.
 */
@ConfigurationProperties("graphql.rate-limits")
public class RateLimitProperties {

	/**
	 * Whether each query's cost spends from budgets over time: a signed-in user's and its
	 * tenant's, or an anonymous client address's. Over budget: HTTP 429, Retry-After and
	 * RATE_LIMITED.
	 */
	private boolean enabled;

	/** The time in which an empty budget fills up again, evenly. */
	private Duration window = Duration.ofMinutes(1);

	/** The cost one signed-in user may spend per window. */
	private long user = 50_000;

	/**
	 * The cost all users of one tenant (or of the host) may spend together per window.
	 */
	private long tenant = 500_000;

	/** The cost one client address may spend per window without signing in. */
	private long anonymous = 10_000;

	/**
	 * Budgets per window for users who hold a permission, by permission name, in place of
	 * the user budget; a user gets the largest that applies.
	 */
	private Map<String, Long> permissions = new LinkedHashMap<>();

	/** Budgets per window by tenant id, in place of the tenant budget. */
	private Map<Integer, Long> tenants = new LinkedHashMap<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public Duration getWindow() {
		return this.window;
	}

	public void setWindow(Duration window) {
		this.window = window;
	}

	public long getUser() {
		return this.user;
	}

	public void setUser(long user) {
		this.user = user;
	}

	public long getTenant() {
		return this.tenant;
	}

	public void setTenant(long tenant) {
		this.tenant = tenant;
	}

	public long getAnonymous() {
		return this.anonymous;
	}

	public void setAnonymous(long anonymous) {
		this.anonymous = anonymous;
	}

	public Map<String, Long> getPermissions() {
		return this.permissions;
	}

	public void setPermissions(Map<String, Long> permissions) {
		this.permissions = permissions;
	}

	public Map<Integer, Long> getTenants() {
		return this.tenants;
	}

	public void setTenants(Map<Integer, Long> tenants) {
		this.tenants = tenants;
	}

}
