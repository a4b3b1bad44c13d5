package dev.svc.graphql.persisted;

import java.time.Clock;

import javax.sql.DataSource;

import dev.svc.graphql.identity.IdentitySchemaMigration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.redis.core.StringRedisTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The stores of the shared persisted queries, imported in order by
 * {@link PersistedQueriesAutoConfiguration}: Redis, else the module's table, unless
 * {@code graphql.persisted-documents.shared-store} names one (or none).
 */
abstract class SharedPersistedQueriesConfigurations {

	private static final String STORE = "graphql.persisted-documents.shared-store";

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(StringRedisTemplate.class)
	@ConditionalOnBean(StringRedisTemplate.class)
	@ConditionalOnProperty(name = STORE, havingValue = "redis", matchIfMissing = true)
	static class RedisConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SharedPersistedQueries svcSharedPersistedQueries(StringRedisTemplate redis,
				PersistedDocumentsProperties properties, ObjectProvider<Clock> clock) {
			return new RedisPersistedQueries(redis, clock.getIfUnique(Clock::systemUTC),
					properties.getSharedStoreBudget().toBytes());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnBean({ IdentitySchemaMigration.class, DataSource.class })
	@ConditionalOnProperty(name = STORE, havingValue = "database", matchIfMissing = true)
	static class DatabaseConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		SharedPersistedQueries svcSharedPersistedQueries(DataSource dataSource, PersistedDocumentsProperties properties,
				ObjectProvider<Clock> clock) {
			TransactionTemplate outsideTransactions = new TransactionTemplate(
					new DataSourceTransactionManager(dataSource));
			outsideTransactions.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
			return new JdbcPersistedQueries(JdbcClient.create(dataSource), outsideTransactions,
					clock.getIfUnique(Clock::systemUTC), properties.getSharedStoreBudget().toBytes());
		}

	}

}
