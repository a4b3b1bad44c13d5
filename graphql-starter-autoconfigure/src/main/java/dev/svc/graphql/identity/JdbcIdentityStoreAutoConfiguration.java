package dev.svc.graphql.identity;

import java.time.Clock;

import javax.sql.DataSource;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.context.annotation.Bean;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The default identity store, over the host's {@link DataSource}, when the host has no store of
 * its own.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnClass(JdbcClient.class)
@ConditionalOnBooleanProperty("graphql.enabled")
public final class JdbcIdentityStoreAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnSingleCandidate(DataSource.class)
	IdentityStore identityStore(DataSource dataSource) {
		return new JdbcIdentityStore(JdbcClient.create(dataSource), Clock.systemUTC());
	}

}
