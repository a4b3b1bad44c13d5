package dev.svc.graphql.persisted;

import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

import dev.svc.graphql.CircuitBreaker;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import io.lettuce.core.AbstractRedisClient;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.cluster.RedisClusterClient;

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
import org.springframework.util.unit.DataSize;

/**
 * The stores of the shared persisted queries, imported in order by
 * {@link PersistedQueriesAutoConfiguration}: Redis, else the module's table, unless
 * {@code graphql.shared-store} names one (or memory: none shared).
 */
abstract class SharedPersistedQueriesConfigurations {

	private static final String STORE = "graphql.shared-store";

	/**
	 * Bytes the shared texts may hold in Redis or the module's table: thousands of a
	 * front end's documents, each account at most a sixteenth.
	 */
	static final long SHARED_STORE_BUDGET = DataSize.ofMegabytes(16).toBytes();

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ RedisClient.class, LettuceConnectionFactory.class })
	@ConditionalOnBean(LettuceConnectionFactory.class)
	@ConditionalOnProperty(name = STORE, havingValue = "redis", matchIfMissing = true)
	static class RedisConfiguration {

		// a connection of the module's own, so that its waits are bounded whatever the
		// host's (Lettuce queues commands while it reconnects, 60 s by default)
		@Bean
		@ConditionalOnMissingBean
		SharedPersistedQueries svcSharedPersistedQueries(LettuceConnectionFactory connectionFactory,
				ObjectProvider<Clock> clock, Environment environment) {
			Duration timeout = CircuitBreaker.redisTimeout(environment);
			AbstractRedisClient client = connectionFactory.getRequiredNativeClient();
			StatefulConnection<String, String> connection = (client instanceof RedisClusterClient cluster)
					? cluster.connect() : ((RedisClient) client).connect();
			connection.setTimeout(timeout);
			return new RedisPersistedQueries(connection, clock.getIfUnique(Clock::systemUTC), SHARED_STORE_BUDGET);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnBean(value = DataSource.class, type = JdbcIdentityStoreAutoConfiguration.SCHEMA_MIGRATION)
	@ConditionalOnProperty(name = STORE, havingValue = "database", matchIfMissing = true)
	static class DatabaseConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		SharedPersistedQueries svcSharedPersistedQueries(DataSource dataSource, ObjectProvider<Clock> clock) {
			TransactionTemplate outsideTransactions = new TransactionTemplate(
					new DataSourceTransactionManager(dataSource));
			outsideTransactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
			return new JdbcPersistedQueries(JdbcClient.create(dataSource), outsideTransactions,
					clock.getIfUnique(Clock::systemUTC), SHARED_STORE_BUDGET);
		}

	}

}
