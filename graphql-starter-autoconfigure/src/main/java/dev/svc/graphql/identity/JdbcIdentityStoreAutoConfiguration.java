package dev.svc.graphql.identity;

import java.time.Clock;

import javax.sql.DataSource;

import dev.svc.graphql.SvcGraphQlProperties;
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
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The default identity and credential stores in the module's own tables of the host's
 * {@link DataSource}, and their migrations. Backs off entirely when the host declares an
 * {@link IdentityStore}: the module's credentials name its own users only, so such a host
 * declares a {@link CredentialStore} too, or has no sign-in. Independent of
 * {@code graphql.enabled}, since sign-in needs it either way.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass({ JdbcClient.class, Flyway.class })
@ConditionalOnBooleanProperty(name = "graphql.identity.enabled", matchIfMissing = true)
@ConditionalOnSingleCandidate(DataSource.class)
@ConditionalOnMissingBean(IdentityStore.class)
@EnableConfigurationProperties({ IdentityProperties.class, SvcGraphQlProperties.class })
@Import(DatabaseInitializationDependencyConfigurer.class)
public final class JdbcIdentityStoreAutoConfiguration {

	/**
	 * The type of the bean that migrates the module's tables, by name: a store of another
	 * room that keeps its rows in them is conditional on it.
	 */
	public static final String SCHEMA_MIGRATION = "dev.svc.graphql.identity.IdentitySchemaMigration";

	/**
	 * The JDBC query timeout of the identity store's statements, in seconds: as long as a
	 * query's own time limit by default ({@code graphql.limits.timeout}).
	 */
	static final int QUERY_TIMEOUT_SECONDS = 10;

	@Bean
	@ConditionalOnMissingBean
	IdentitySchemaMigration identitySchemaMigration(DataSource dataSource, IdentityProperties properties) {
		return new IdentitySchemaMigration(dataSource, properties.isDemoData());
	}

	@Bean
	@DependsOnDatabaseInitialization
	JdbcIdentityStore identityStore(DataSource dataSource, SvcGraphQlProperties properties,
			ObjectProvider<Clock> clock) {
		JdbcClient jdbc = JdbcClient.create(jdbcTemplate(dataSource));
		// a quarter of the memory budget (16 MB of 64 MB: some 12,000 users of 20
		// permissions)
		return new JdbcIdentityStore(jdbc, clock.getIfUnique(Clock::systemUTC), JdbcGrantedPermissions.CACHE_DURATION,
				properties.getMemoryBudget().toBytes() / 4,
				IdentitySchemaMigration.isMySql(dataSource) ? new UserTrigrams(jdbc) : null);
	}

	@Bean
	@ConditionalOnMissingBean(CredentialStore.class)
	@DependsOnDatabaseInitialization
	JdbcCredentialStore credentialStore(DataSource dataSource) {
		return new JdbcCredentialStore(JdbcClient.create(jdbcTemplate(dataSource)),
				new TransactionTemplate(new DataSourceTransactionManager(dataSource)));
	}

	private static JdbcTemplate jdbcTemplate(DataSource dataSource) {
		JdbcTemplate jdbc = new JdbcTemplate(dataSource);
		jdbc.setQueryTimeout(QUERY_TIMEOUT_SECONDS);
		return jdbc;
	}

	/**
	 * In release mode only: the development settings ({@code dev} in the samples) expose
	 * exception details and load the demo data on purpose.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(PasswordEncoderFactories.class)
	@ConditionalOnBooleanProperty(name = "graphql.expose-exception-details", havingValue = false, matchIfMissing = true)
	static class DemoPasswordCheckConfiguration {

		@Bean
		DemoPasswordCheck svcDemoPasswordCheck(IdentityStore identityStore, CredentialStore credentialStore,
				IdentityProperties properties) {
			return new DemoPasswordCheck(identityStore, credentialStore,
					PasswordEncoderFactories.createDelegatingPasswordEncoder(), properties.isFailOnDemoPasswords());
		}

	}

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
