package dev.svc.graphql.audit;

import java.time.Clock;

import javax.sql.DataSource;

import dev.svc.graphql.SvcGraphQlProperties;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * The audit log of sign-ins and, while the endpoint is served, of executed queries; switched on by
 * {@code graphql.audit.enabled}.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnBooleanProperty("graphql.audit.enabled")
@EnableConfigurationProperties(SvcGraphQlProperties.class)
public final class AuditAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnClass(JdbcTemplate.class)
	@ConditionalOnSingleCandidate(DataSource.class)
	@DependsOnDatabaseInitialization
	AuditLogWriter auditLogWriter(DataSource dataSource, SvcGraphQlProperties properties) {
		SvcGraphQlProperties.Audit audit = properties.getAudit();
		return new JdbcAuditLogWriter(new JdbcTemplate(dataSource), audit.getQueueCapacity(), audit.getFlushInterval());
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 200)
	@ConditionalOnBean(AuditLogWriter.class)
	@ConditionalOnClass(WebGraphQlInterceptor.class)
	@ConditionalOnBooleanProperty("graphql.enabled")
	WebGraphQlInterceptor svcQueryAuditInterceptor(AuditLogWriter writer) {
		return new QueryAuditInterceptor(writer, Clock.systemUTC());
	}

}
