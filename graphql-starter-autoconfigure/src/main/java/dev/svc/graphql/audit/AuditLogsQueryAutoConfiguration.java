package dev.svc.graphql.audit;

import javax.sql.DataSource;

import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Scope;
import org.springframework.core.io.ClassPathResource;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The {@code auditLogs} query over the module's audit log, switched on by
 * {@code graphql.queries.audit-logs.enabled}.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
		before = GraphQlAutoConfiguration.class)
@ConditionalOnClass({ JdbcClient.class, GraphQlSourceBuilderCustomizer.class })
@ConditionalOnBooleanProperty({ "graphql.enabled", "graphql.queries.audit-logs.enabled" })
@ConditionalOnSingleCandidate(DataSource.class)
public final class AuditLogsQueryAutoConfiguration {

	@Bean
	GraphQlSourceBuilderCustomizer svcAuditLogsSchema() {
		return (builder) -> builder.schemaResources(new ClassPathResource("dev/svc/graphql/audit/audit-logs.graphqls"));
	}

	@Bean
	@Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
	@DependsOnDatabaseInitialization
	AuditLogsQueryHandler auditLogsQueryHandler(DataSource dataSource) {
		return new AuditLogsQueryHandler(JdbcClient.create(dataSource));
	}

}
