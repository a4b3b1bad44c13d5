package dev.svc.graphql.context;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The tenant header of anonymous callers ({@code graphql.tenant-header.*}).
 */
@ConfigurationProperties("graphql.tenant-header")
public class TenantHeaderProperties {

	/**
	 * How long an anonymous caller's tenant header is answered from what was read of its
	 * tenant before the tenant is read again: the longest a tenant's deactivation takes
	 * to reach such callers on each instance. 0 reads the tenant on every request.
	 */
	private Duration cacheDuration = Duration.ofSeconds(5);

	/**
	 * How many tenants, by the id a tenant header names, are kept read at most, unknown
	 * ids among them, so that a flood of headers does not become a flood of queries.
	 */
	private int cacheSize = 10_000;

	public Duration getCacheDuration() {
		return this.cacheDuration;
	}

	public void setCacheDuration(Duration cacheDuration) {
		this.cacheDuration = cacheDuration;
	}

	public int getCacheSize() {
		return this.cacheSize;
	}

	public void setCacheSize(int cacheSize) {
		this.cacheSize = cacheSize;
	}

}
