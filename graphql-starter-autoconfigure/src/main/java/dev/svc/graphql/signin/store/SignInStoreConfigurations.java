package dev.svc.graphql.signin.store;

import javax.sql.DataSource;

import dev.svc.graphql.identity.IdentitySchemaMigration;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The sign-in stores' configurations, imported in order by
 * {@link SignInStoreAutoConfiguration}.
 */
abstract class SignInStoreConfigurations {

	/**
	 * The stores in the module's tables, which exist where the module migrates them.
	 * Imported first, so that the in-memory stores back off before them.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnBean({ IdentitySchemaMigration.class, DataSource.class })
	static class JdbcStoresConfiguration {

		/**
		 * Keeps every sign-in's session in the module's tables.
		 */
		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		SignInSessions signInSessions(DataSource dataSource) {
			return new JdbcSignInSessions(JdbcClient.create(dataSource));
		}

		/**
		 * Keeps the two-factor sign-in's secrets, codes and remembered clients in the
		 * module's tables.
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

	}

	@Configuration(proxyBeanMethods = false)
	static class InMemoryStoresConfiguration {

		/**
		 * Keeps sessions in memory, for a host's credential store, which keeps none the
		 * module reads.
		 */
		@Bean
		@ConditionalOnMissingBean
		SignInSessions signInSessions() {
			return new InMemorySignInSessions();
		}

		/**
		 * Counts failed sign-ins in memory, for a host's credential store, which keeps
		 * none the module reads.
		 */
		@Bean
		@ConditionalOnMissingBean
		SignInAttempts signInAttempts() {
			return new InMemorySignInAttempts();
		}

	}

}
