package dev.svc.graphql.signin.store;

import javax.sql.DataSource;

import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.StringUtils;

/** Imported in order by {@link SignInStoreAutoConfiguration}. */
abstract class SignInStoreConfigurations {

	/**
	 * Where the module migrates its tables. Imported first, so that the in-memory stores
	 * back off before them.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcClient.class)
	@ConditionalOnBean(value = DataSource.class, type = JdbcIdentityStoreAutoConfiguration.SCHEMA_MIGRATION)
	static class JdbcStoresConfiguration {

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		SignInSessions signInSessions(DataSource dataSource) {
			return new JdbcSignInSessions(JdbcClient.create(dataSource));
		}

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		TwoFactorStore twoFactorStore(DataSource dataSource, Environment environment) {
			// the sign-in's property (TwoFactorProperties), read here by name: the stores
			// keep the sign-in's state and do not depend on it
			String key = Binder.get(environment)
				.bind("graphql.sign-in.two-factor.encryption-key", String.class)
				.orElse(null);
			return new JdbcTwoFactorStore(JdbcClient.create(dataSource),
					new SecretEncryption(StringUtils.hasText(key) ? key : null));
		}

		@Bean
		@ConditionalOnMissingBean
		@DependsOnDatabaseInitialization
		SignInAttempts signInAttempts(DataSource dataSource) {
			return new JdbcSignInAttempts(JdbcClient.create(dataSource));
		}

	}

	@Configuration(proxyBeanMethods = false)
	static class InMemoryStoresConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SignInSessions signInSessions() {
			return new InMemorySignInSessions();
		}

		@Bean
		@ConditionalOnMissingBean
		SignInAttempts signInAttempts() {
			return new InMemorySignInAttempts();
		}

	}

}
