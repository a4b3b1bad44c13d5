package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The rate limits of query cost over time, and where every counter that the instances
 * share is kept.
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

	/**
	 * Where the shared counters (rate limits, sign-in throttle, code sends, audit quotas)
	 * are kept: redis, database or memory. Unset: Redis when the host has Spring Boot's
	 * Redis with Lettuce, else the module's table, else memory.
	 */
	private @Nullable Store store;

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

	public @Nullable Store getStore() {
		return this.store;
	}

	public void setStore(@Nullable Store store) {
		this.store = store;
	}

	/**
	 * Where the shared counters are kept.
	 */
	public enum Store {

		/** Redis, through Spring Boot's Lettuce connection factory. */
		REDIS,

		/** The module's table {@code svc_rate_limit_buckets}. */
		DATABASE,

		/** This instance's memory: for one instance only. */
		MEMORY

	}

}
