package dev.svc.graphql.context;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The tenant header of anonymous callers ({@code graphql.tenant-header.*}). */
@ConfigurationProperties("graphql.tenant-header")
public class TenantHeaderProperties {

	/**
	 * How long a tenant read for a tenant header is reused: the longest a deactivation
	 * takes to reach anonymous callers on each instance. 0 reads it on every request.
	 */
	private Duration cacheDuration = Duration.ofSeconds(5);

	/**
	 * Most tenants kept read for tenant headers, unknown ids included, so a flood of
	 * headers is no flood of queries.
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
