package dev.svc.graphql.identity;

import java.time.Clock;

import javax.sql.DataSource;

import dev.svc.graphql.SvcGraphQlProperties;
import org.flywaydb.core.Flyway;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DatabaseInitializationDependencyConfigurer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The default identity store, in the module's own tables of the host's {@link DataSource}, and
 * the migrations that create them. Backs off entirely, tables included, when the host declares an
 * {@link IdentityStore} of its own. Independent of {@code graphql.enabled}: sign-in needs it
 * whether the GraphQL endpoint is served or not.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass({ JdbcClient.class, Flyway.class })
@ConditionalOnBooleanProperty(name = "graphql.identity.enabled", matchIfMissing = true)
@ConditionalOnSingleCandidate(DataSource.class)
@ConditionalOnMissingBean(IdentityStore.class)
@EnableConfigurationProperties(SvcGraphQlProperties.class)
@Import(DatabaseInitializationDependencyConfigurer.class)
public final class JdbcIdentityStoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdentitySchemaMigration identitySchemaMigration(DataSource dataSource, SvcGraphQlProperties properties) {
		return new IdentitySchemaMigration(dataSource, properties.getIdentity().isDemoData());
	}

	/**
	 * The store; it reads the time from the host's {@link Clock} if it has one.
	 */
	@Bean
	@DependsOnDatabaseInitialization
	JdbcIdentityStore identityStore(DataSource dataSource, SvcGraphQlProperties properties, ObjectProvider<Clock> clock) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		// no statement outlives the request it serves
		jdbc.setQueryTimeout((int) Math.max(1, properties.getLimits().getTimeout().toSeconds()));
		return new JdbcIdentityStore(JdbcClient.create(jdbc),
				new TransactionTemplate(new DataSourceTransactionManager(dataSource)), clock.getIfUnique(Clock::systemUTC),
				properties.getIdentity().getPermissionCacheDuration());
	}

	/**
	 * Keeps the token sign-in's sessions in the module's tables.
	 */
	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	SignInSessions signInSessions(DataSource dataSource) {
		return new JdbcSignInSessions(JdbcClient.create(dataSource));
	}

	/**
	 * Keeps the two-factor sign-in's secrets, codes and remembered clients in the module's tables.
	 */
	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	TwoFactorStore twoFactorStore(DataSource dataSource) {
		return new JdbcTwoFactorStore(JdbcClient.create(dataSource));
	}

	/**
	 * Counts failed sign-ins in the module's tables, an account's in its row.
	 */
	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	SignInAttempts signInAttempts(DataSource dataSource) {
		return new JdbcSignInAttempts(JdbcClient.create(dataSource));
	}

	/**
	 * The permission cache's statistics, when the host has Micrometer.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcPermissionCacheMeters(JdbcIdentityStore identityStore) {
			return (registry) -> CaffeineCacheMetrics.monitor(registry, identityStore.permissionCache(), "svc.permissions");
		}

	}

}
