package dev.svc.graphql.ratelimit;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.limits.CostBudget;
import dev.svc.graphql.limits.RequestLimitsProperties;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.util.Assert;

/**
 * The counters every instance shares ({@link SharedBuckets}), in the first store that the
 * host has of Redis (Spring Boot's, with Lettuce), the module's table, and memory, unless
 * {@code graphql.shared-store} names one; and the rate limits of query cost over time
 * when {@code graphql.rate-limits.enabled}. A host's own Bucket4j {@code ProxyManager}
 * bean (Hazelcast, Infinispan, ...) takes the store's place.
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class,
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@EnableConfigurationProperties({ RateLimitProperties.class, SvcGraphQlProperties.class })
@Import({ BucketStoreConfigurations.RedisStoreConfiguration.class,
		BucketStoreConfigurations.DatabaseStoreConfiguration.class,
		BucketStoreConfigurations.MemoryStoreConfiguration.class })
public final class RateLimitAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	SharedBuckets svcSharedBuckets(ObjectProvider<ProxyManager<String>> store, SvcGraphQlProperties module,
			ObjectProvider<Clock> clock) {
		ProxyManager<String> buckets = store.getIfUnique();
		if (buckets == null) {
			throw new IllegalStateException("graphql.shared-store is " + module.getSharedStore()
					+ ", which this application does not have: redis needs Spring Boot's Redis with Lettuce"
					+ " (spring-boot-starter-data-redis), database the module's own identity tables");
		}
		// while a shared store is away, this instance's own buckets count in its place
		return (buckets instanceof MemoryBuckets) ? new SharedBuckets(buckets)
				: new SharedBuckets(buckets, SharedBuckets.inMemory(clock.getIfUnique(Clock::systemUTC)));
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty("graphql.rate-limits.enabled")
	@ConditionalOnClass(WebGraphQlInterceptor.class)
	static class CostRateLimitsConfiguration {

		@Bean
		@ConditionalOnMissingBean(CostBudget.class)
		CostRateLimits svcCostRateLimits(SharedBuckets svcSharedBuckets, RateLimitProperties properties,
				ObjectProvider<RequestLimitsProperties> limits) {
			check(properties, limits.getIfAvailable(RequestLimitsProperties::new).getMaxCost());
			return new CostRateLimits(svcSharedBuckets, properties.getWindow(),
					new CostRateLimits.Quotas(properties.getUser(), properties.getTenant(), properties.getAnonymous(),
							properties.getPermissions(), properties.getTenants()));
		}

		// a budget below the cost limit would refuse some queries for good, with a 429
		// that tells clients to try again; one above a token a nanosecond Bucket4j cannot
		// fill
		private static void check(RateLimitProperties properties, long maxCost) {
			Assert.isTrue(properties.getWindow().toMillis() > 0, "graphql.rate-limits.window must be 1ms or longer");
			Map<String, Long> budgets = new LinkedHashMap<>();
			budgets.put("graphql.rate-limits.user", properties.getUser());
			budgets.put("graphql.rate-limits.tenant", properties.getTenant());
			budgets.put("graphql.rate-limits.anonymous", properties.getAnonymous());
			properties.getPermissions()
				.forEach((name, budget) -> budgets.put("graphql.rate-limits.permissions." + name, budget));
			properties.getTenants().forEach((id, budget) -> budgets.put("graphql.rate-limits.tenants." + id, budget));
			budgets.forEach((property, budget) -> Assert.isTrue(budget >= maxCost,
					() -> property + " is " + budget + ", below graphql.limits.max-cost (" + maxCost
							+ "): a budget must pay for any query the cost limit lets through"));
			long most = (properties.getWindow().getSeconds() < Long.MAX_VALUE / 1_000_000_000L)
					? properties.getWindow().toNanos() : Long.MAX_VALUE;
			budgets.forEach((property, budget) -> Assert.isTrue(budget <= most,
					() -> property + " is " + budget + ", more than one a nanosecond of graphql.rate-limits.window ("
							+ properties.getWindow() + "): at most " + most + ", or a longer window"));
		}

		@Bean
		@Order(PipelineOrder.RATE_LIMIT_INTERCEPTOR)
		WebGraphQlInterceptor svcRateLimitInterceptor() {
			return new RateLimitInterceptor();
		}

	}

	/**
	 * The spends and refusals ({@code svc.rate-limits.spent}, {@code .refused}, by
	 * budget) and the store's outages ({@code svc.rate-limits.store.unavailable}), when
	 * the host has Micrometer.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class MetersConfiguration {

		@Bean
		MeterBinder svcRateLimitMeters(SharedBuckets svcSharedBuckets, ObjectProvider<CostRateLimits> limits) {
			return (registry) -> {
				FunctionCounter
					.builder("svc.rate-limits.store.unavailable", svcSharedBuckets, SharedBuckets::unavailable)
					.description(
							"Takes of the shared counters that could not reach their store: counted by the instance alone, or let through")
					.register(registry);
				limits.ifAvailable((rateLimits) -> {
					for (String budget : new String[] { CostRateLimits.USER, CostRateLimits.TENANT,
							CostRateLimits.ADDRESS }) {
						FunctionCounter.builder("svc.rate-limits.spent", rateLimits, (owner) -> owner.spent(budget))
							.tag("budget", budget)
							.description("Query cost spent from the rate limits' budgets")
							.register(registry);
						FunctionCounter.builder("svc.rate-limits.refused", rateLimits, (owner) -> owner.refused(budget))
							.tag("budget", budget)
							.description("Operations refused by the rate limits, answered 429")
							.register(registry);
					}
				});
			};
		}

	}

}
