package dev.svc.graphql.identity;

import java.time.Clock;

import javax.sql.DataSource;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import org.flywaydb.core.Flyway;

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
 * The default identity store and credential store, in the module's own tables of the
 * host's {@link DataSource}, and the migrations that create them. Backs off entirely,
 * tables and credentials included, when the host declares an {@link IdentityStore} of its
 * own: the module's credentials name the users of its own tables only, so such a host
 * declares a {@link CredentialStore} too, or gets no sign-in. Independent of
 * {@code graphql.enabled}: sign-in needs it whether the GraphQL endpoint is served or
 * not.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass({ JdbcClient.class, Flyway.class })
@ConditionalOnBooleanProperty(name = "graphql.identity.enabled", matchIfMissing = true)
@ConditionalOnSingleCandidate(DataSource.class)
@ConditionalOnMissingBean(IdentityStore.class)
@EnableConfigurationProperties(IdentityProperties.class)
@Import(DatabaseInitializationDependencyConfigurer.class)
public final class JdbcIdentityStoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	IdentitySchemaMigration identitySchemaMigration(DataSource dataSource, IdentityProperties properties) {
		return new IdentitySchemaMigration(dataSource, properties.isDemoData());
	}

	/**
	 * The identity store; it reads the time from the host's {@link Clock} if it has one.
	 */
	@Bean
	@DependsOnDatabaseInitialization
	JdbcIdentityStore identityStore(DataSource dataSource, IdentityProperties properties, ObjectProvider<Clock> clock) {
		JdbcClient jdbc = JdbcClient.create(jdbcTemplate(dataSource, properties));
		return new JdbcIdentityStore(jdbc, clock.getIfUnique(Clock::systemUTC), properties.getPermissionCacheDuration(),
				properties.getPermissionCacheSize(),
				IdentitySchemaMigration.isMySql(dataSource) ? new UserTrigrams(jdbc) : null);
	}

	/**
	 * The credentials of the module's users, unless the host keeps them elsewhere.
	 */
	@Bean
	@ConditionalOnMissingBean(CredentialStore.class)
	@DependsOnDatabaseInitialization
	JdbcCredentialStore credentialStore(DataSource dataSource, IdentityProperties properties) {
		return new JdbcCredentialStore(JdbcClient.create(jdbcTemplate(dataSource, properties)),
				new TransactionTemplate(new DataSourceTransactionManager(dataSource)));
	}

	private static JdbcTemplate jdbcTemplate(DataSource dataSource, IdentityProperties properties) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.setQueryTimeout((int) Math.max(1, properties.getQueryTimeout().toSeconds()));
		return jdbc;
	}

	/**
	 * The permission cache's statistics, when the host has Micrometer.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcPermissionCacheMeters(JdbcIdentityStore identityStore) {
			return (registry) -> CaffeineCacheMetrics.monitor(registry, identityStore.permissionCache(),
					"svc.permissions");
		}

	}

}
