package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.UUID;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.limits.CostBudget;
import dev.svc.graphql.test.EmptyCredentialStore;
import dev.svc.graphql.test.EmptyIdentityStore;
import dev.svc.graphql.test.StallingProxy;
import dev.svc.graphql.test.TestServers;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.cas.LettuceBasedProxyManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.server.WebGraphQlInterceptor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the shared counters are kept: Redis when the host has Spring Boot's Redis (the
 * machine's or the tests' own, TestServers), else the module's table, else memory, unless
 * a property names one; a host's own store; the cost rate limits only when switched on.
 */
class RateLimitAutoConfigurationTests {

	private static final BucketConfiguration THREE_A_MINUTE = BucketConfiguration.builder()
		.addLimit((limit) -> limit.capacity(3).refillIntervally(3, Duration.ofMinutes(1)))
		.build();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
				JdbcIdentityStoreAutoConfiguration.class, RateLimitAutoConfiguration.class));

	// a busy machine's fresh context may take its first Redis round trips slower than
	// the shipped 500 ms, which would let the take through as if Redis were away
	private final ApplicationContextRunner withRedis = this.contextRunner
		.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
		.withPropertyValues("spring.data.redis.host=" + TestServers.redisHost(),
				"spring.data.redis.port=" + TestServers.redisPort(), "spring.data.redis.timeout=30s");

	@Test
	void shouldKeepTheCountersInTheModulesTableWhereItMigratesIt() {
		this.contextRunner
			.run((context) -> assertThat(context).getBean(ProxyManager.class).isInstanceOf(JdbcBuckets.class));
	}

	@Test
	void shouldKeepTheCountersInMemoryForAHostsOwnIdentityData() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.withBean(CredentialStore.class, EmptyCredentialStore::new)
			.run((context) -> assertThat(context).getBean(ProxyManager.class).isInstanceOf(MemoryBuckets.class));
	}

	@Test
	void shouldKeepTheCountersInRedisWhereTheHostHasItAndShareThemBetweenInstances() {
		String key = "test:" + UUID.randomUUID();
		this.withRedis.run((first) -> this.withRedis.run((second) -> {
			assertThat(first).getBean(ProxyManager.class).isInstanceOf(LettuceBasedProxyManager.class);
			assertThat(take(first.getBean(SharedBuckets.class), key, 2).isConsumed()).isTrue();
			ConsumptionProbe refused = take(second.getBean(SharedBuckets.class), key, 2);
			assertThat(refused.isConsumed()).isFalse();
			assertThat(refused.getRemainingTokens()).isOne();
		}));
	}

	@Test
	@Timeout(30)
	void shouldCountInThisInstancesOwnBucketsWhileRedisDoesNotAnswer() throws Exception {
		String key = "test:" + UUID.randomUUID();
		try (StallingProxy network = new StallingProxy(TestServers.redisPort())) {
			// a wait a busy machine's first round trips fit in, far below Lettuce's 60 s
			this.contextRunner.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class))
				.withPropertyValues("spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + network.port(),
						"spring.data.redis.timeout=5s")
				.run((context) -> {
					SharedBuckets buckets = context.getBean(SharedBuckets.class);
					assertThat(take(buckets, key, 1).isConsumed()).isTrue();
					assertThat(buckets.unavailable()).as("Redis answered before the stall").isZero();

					network.stall();
					// Lettuce alone would wait 60 s; then this instance's own buckets
					// count
					assertThat(take(buckets, key, 2).isConsumed()).isTrue();
					long sent = network.dropped();
					// and Redis is left alone: nothing more is sent, nothing waits
					assertThat(take(buckets, key, 1).isConsumed()).isTrue();
					assertThat(take(buckets, key, 1).isConsumed()).as("over this instance's own budget").isFalse();
					for (int i = 0; i < 10; i++) {
						assertThat(take(buckets, key + i, 3).isConsumed()).isTrue();
					}
					assertThat(network.dropped()).isEqualTo(sent);
					assertThat(buckets.unavailable()).isEqualTo(13);
				});
		}
	}

	@Test
	void shouldKeepTheCountersWhereThePropertySays() {
		this.withRedis.withPropertyValues("graphql.shared-store=database")
			.run((context) -> assertThat(context).getBean(ProxyManager.class).isInstanceOf(JdbcBuckets.class));
		this.withRedis.withPropertyValues("graphql.shared-store=memory")
			.run((context) -> assertThat(context).getBean(ProxyManager.class).isInstanceOf(MemoryBuckets.class));
	}

	@Test
	void shouldBackOffWhenUserDefinesAStore() {
		MemoryBuckets own = new MemoryBuckets(BucketStoreConfigurations.timeMeter(java.time.Clock.systemUTC()),
				Duration.ofMinutes(1));
		this.withRedis.withBean("ownBuckets", ProxyManager.class, () -> own)
			.run((context) -> assertThat(context).getBean(ProxyManager.class).isSameAs(own));
	}

	@Test
	void shouldLimitQueryCostOnlyWhenSwitchedOn() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(CostBudget.class)
			.doesNotHaveBean(WebGraphQlInterceptor.class)
			.hasSingleBean(SharedBuckets.class));
		this.contextRunner.withPropertyValues("graphql.rate-limits.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(CostBudget.class)
				.hasSingleBean(WebGraphQlInterceptor.class));
	}

	@Test
	void shouldRefuseToStartWithABudgetItCannotKeepOrAStoreItDoesNotHave() {
		this.contextRunner.withPropertyValues("graphql.rate-limits.enabled=true", "graphql.rate-limits.anonymous=4999")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("graphql.rate-limits.anonymous is 4999, below graphql.limits.max-cost (5000): a budget must"
						+ " pay for any query the cost limit lets through"));
		this.contextRunner
			.withPropertyValues("graphql.rate-limits.enabled=true", "graphql.rate-limits.window=1s",
					"graphql.rate-limits.tenant=1000000001")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessage("graphql.rate-limits.tenant is 1000000001, more than one a nanosecond of"
						+ " graphql.rate-limits.window (PT1S): at most 1000000000, or a longer window"));
		this.contextRunner.withPropertyValues("graphql.shared-store=redis")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageStartingWith("graphql.shared-store is REDIS, which this application does not have"));
		// the old persisted-documents store's "none" is "memory" now: refused with the
		// property's name
		this.contextRunner.withPropertyValues("graphql.shared-store=none")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasStackTraceContaining("Failed to bind properties under 'graphql.shared-store'"));
	}

	private static ConsumptionProbe take(SharedBuckets buckets, String key, long tokens) {
		ConsumptionProbe probe = buckets.tryTake(key, () -> THREE_A_MINUTE, tokens);
		assertThat(probe).isNotNull();
		return probe;
	}

}
