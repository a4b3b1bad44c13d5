package dev.svc.graphql.signin.store;

import javax.sql.DataSource;

import dev.svc.graphql.identity.IdentitySchemaMigration;
import dev.svc.graphql.signin.TwoFactorProperties;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
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
	@ConditionalOnBean({ IdentitySchemaMigration.class, DataSource.class })
	@EnableConfigurationProperties(TwoFactorProperties.class)
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
		TwoFactorStore twoFactorStore(DataSource dataSource, TwoFactorProperties twoFactor) {
			String key = twoFactor.getEncryptionKey();
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
