package dev.svc.graphql.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

import javax.sql.DataSource;

import dev.svc.graphql.CircuitBreaker;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.lettuce.Bucket4jLettuce;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.codec.ByteArrayCodec;
import io.lettuce.core.codec.RedisCodec;
import io.lettuce.core.codec.StringCodec;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The bucket stores, imported in order by {@link RateLimitAutoConfiguration}: the first
 * whose conditions hold makes the store, and the others back off.
 */
abstract class BucketStoreConfigurations {

	private static final String STORE = "graphql.shared-store";

	/**
	 * Bucket4j's clock, read from the host's {@link Clock} if it has one.
	 */
	static TimeMeter timeMeter(Clock clock) {
		return new TimeMeter() {

			@Override
			public long currentTimeNanos() {
				Instant now = clock.instant();
				return now.getEpochSecond() * 1_000_000_000L + now.getNano();
			}

			@Override
			public boolean isWallClockBased() {
				return true;
			}

		};
	}

	/**
	 * How long an untouched bucket is kept once it is full again: long enough that a
	 * client's two requests a little apart meet the same state.
	 */
	static final Duration KEEP_WHEN_FULL = Duration.ofSeconds(10);

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ Bucket4jLettuce.class, LettuceConnectionFactory.class })
	@ConditionalOnBean(LettuceConnectionFactory.class)
	@ConditionalOnProperty(name = STORE, havingValue = "redis", matchIfMissing = true)
	static class RedisStoreConfiguration {

		@Bean(destroyMethod = "close")
		@ConditionalOnMissingBean(name = "svcBucketStoreConnection")
		StatefulConnection<String, byte[]> svcBucketStoreConnection(LettuceConnectionFactory connectionFactory) {
			AbstractRedisClient client = connectionFactory.getRequiredNativeClient();
			RedisCodec<String, byte[]> codec = RedisCodec.of(StringCodec.UTF8, ByteArrayCodec.INSTANCE);
			return (client instanceof RedisClusterClient cluster) ? cluster.connect(codec)
					: ((RedisClient) client).connect(codec);
		}

		@Bean
		@ConditionalOnMissingBean(ProxyManager.class)
		ProxyManager<String> svcBucketStore(StatefulConnection<String, byte[]> svcBucketStoreConnection,
				ObjectProvider<Clock> clock, Environment environment) {
			Duration timeout = CircuitBreaker.redisTimeout(environment);
			ExpirationAfterWriteStrategy expiration = ExpirationAfterWriteStrategy
				.basedOnTimeForRefillingBucketUpToMax(KEEP_WHEN_FULL);
			TimeMeter meter = timeMeter(clock.getIfUnique(Clock::systemUTC));
			if (svcBucketStoreConnection instanceof StatefulRedisClusterConnection<String, byte[]> cluster) {
				return Bucket4jLettuce.casBasedBuilder(cluster)
					.expirationAfterWrite(expiration)
					.clientClock(meter)
					.requestTimeout(timeout)
					.build();
			}
			return Bucket4jLettuce.casBasedBuilder((StatefulRedisConnection<String, byte[]>) svcBucketStoreConnection)
				.expirationAfterWrite(expiration)
				.clientClock(meter)
				.requestTimeout(timeout)
				.build();
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnBean(value = DataSource.class, type = JdbcIdentityStoreAutoConfiguration.SCHEMA_MIGRATION)
	@ConditionalOnProperty(name = STORE, havingValue = "database", matchIfMissing = true)
	static class DatabaseStoreConfiguration {

		@Bean
		@ConditionalOnMissingBean(ProxyManager.class)
		@DependsOnDatabaseInitialization
		ProxyManager<String> svcBucketStore(DataSource dataSource, ObjectProvider<Clock> clock) {
			TransactionTemplate outsideTransactions = new TransactionTemplate(
					new DataSourceTransactionManager(dataSource));
			outsideTransactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
			return new JdbcBuckets(JdbcClient.create(dataSource), outsideTransactions,
					timeMeter(clock.getIfUnique(Clock::systemUTC)), KEEP_WHEN_FULL);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnProperty(name = STORE, havingValue = "memory", matchIfMissing = true)
	static class MemoryStoreConfiguration {

		@Bean
		@ConditionalOnMissingBean(ProxyManager.class)
		ProxyManager<String> svcBucketStore(ObjectProvider<Clock> clock) {
			return new MemoryBuckets(timeMeter(clock.getIfUnique(Clock::systemUTC)), Duration.ofDays(1));
		}

	}

}
