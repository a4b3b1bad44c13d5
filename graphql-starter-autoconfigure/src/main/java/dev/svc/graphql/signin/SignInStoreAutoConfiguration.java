package dev.svc.graphql.signin;

import javax.sql.DataSource;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.signin.password.SignInAttempts;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.twofactor.TwoFactorStore;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.StringUtils;

/**
 * Where sign-in keeps its state: in the module's tables, where the module migrates them
 * (its identity store, on the host's {@code DataSource}, an embedded H2 one by default).
 * A host with identity data of its own declares its stores, or signs nobody in through
 * the module. Each store backs off before a host's own.
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class,
		beforeName = "dev.svc.graphql.signin.SignInAutoConfiguration")
@ConditionalOnClass(JdbcClient.class)
@ConditionalOnBean(value = { CredentialStore.class, DataSource.class },
		type = JdbcIdentityStoreAutoConfiguration.SCHEMA_MIGRATION)
public final class SignInStoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	SignInSessions signInSessions(DataSource dataSource) {
		return SignInSessions.jdbc(dataSource);
	}

	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	TwoFactorStore twoFactorStore(DataSource dataSource, Environment environment) {
		// the sign-in's property, read here by name (its metadata is written by hand):
		// the stores
		// keep the sign-in's state and do not depend on it
		String key = Binder.get(environment)
			.bind("graphql.sign-in.two-factor.encryption-key", String.class)
			.orElse(null);
		return TwoFactorStore.jdbc(dataSource, StringUtils.hasText(key) ? key : null);
	}

	@Bean
	@ConditionalOnMissingBean
	@DependsOnDatabaseInitialization
	SignInAttempts signInAttempts(DataSource dataSource) {
		return SignInAttempts.jdbc(dataSource);
	}

}
