package dev.svc.graphql.audit;

import java.time.Clock;
import java.time.Duration;

import javax.sql.DataSource;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.ratelimit.SharedBuckets;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnSingleCandidate;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The audit log of sign-ins and, while the endpoint is served, of executed queries, kept
 * for {@code graphql.audit.retention}; switched on by {@code graphql.audit.enabled}.
 */
@AutoConfiguration(afterName = "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration")
@ConditionalOnBooleanProperty("graphql.audit.enabled")
@EnableConfigurationProperties(AuditProperties.class)
public final class AuditAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnClass(JdbcTemplate.class)
	@ConditionalOnSingleCandidate(DataSource.class)
	@DependsOnDatabaseInitialization
	AuditLogWriter auditLogWriter(DataSource dataSource, AuditProperties audit) {
		return new JdbcAuditLogWriter(new JdbcTemplate(dataSource), JdbcAuditLogWriter.QUEUE_CAPACITY,
				JdbcAuditLogWriter.FLUSH_INTERVAL);
	}

	@Bean
	@Order(PipelineOrder.AUDIT_INTERCEPTOR)
	@ConditionalOnBean(AuditLogWriter.class)
	@ConditionalOnClass(WebGraphQlInterceptor.class)
	@ConditionalOnBooleanProperty("graphql.enabled")
	QueryAuditInterceptor svcQueryAuditInterceptor(AuditLogWriter writer, ObjectProvider<Clock> clock,
			ObjectProvider<SharedBuckets> shared) {
		// the signed-in users' quota stays per instance: sharing it would cost every
		// signed-in query a round trip
		return new QueryAuditInterceptor(writer, clock.getIfUnique(Clock::systemUTC),
				new AuditQuota(writer, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, AuditQuota.ANONYMOUS_QUERIES_PER_WINDOW,
						AuditQuota.WINDOW, shared.getIfUnique()),
				new AuditQuota(writer, "GraphQL", AuditQuota.SIGNED_IN_QUERIES, AuditQuota.SIGNED_IN_QUERIES_PER_WINDOW,
						AuditQuota.WINDOW));
	}

	@Bean
	@ConditionalOnBean(AuditLogWriter.class)
	AuditQuota svcRefusedSignInQuota(AuditLogWriter writer, ObjectProvider<SharedBuckets> shared) {
		return new AuditQuota(writer, "Authentication", AuditQuota.REFUSED_SIGN_INS,
				AuditQuota.REFUSED_SIGN_INS_PER_WINDOW, AuditQuota.WINDOW, shared.getIfUnique());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(JdbcTemplate.class)
	@ConditionalOnSingleCandidate(DataSource.class)
	@Conditional(OnRetention.class)
	static class AuditLogPurgeConfiguration {

		@Bean
		@DependsOnDatabaseInitialization
		AuditLogPurge svcAuditLogPurge(DataSource dataSource, AuditProperties properties, ObjectProvider<Clock> clock) {
			return new AuditLogPurge(new JdbcTemplate(dataSource),
					new TransactionTemplate(new DataSourceTransactionManager(dataSource)),
					clock.getIfUnique(Clock::systemUTC), properties.getRetention());
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class AuditLogMetersConfiguration {

		@Bean
		MeterBinder svcAuditLogMeters(ObjectProvider<AuditLogWriter> writer,
				ObjectProvider<QueryAuditInterceptor> interceptor) {
			return (registry) -> {
				if (writer.getIfAvailable() instanceof JdbcAuditLogWriter jdbc) {
					FunctionCounter.builder("svc.audit.records.dropped", jdbc, JdbcAuditLogWriter::droppedRecords)
						.description(
								"Audit records dropped: the buffer was full while the database could not be written")
						.register(registry);
					FunctionCounter.builder("svc.audit.records.refused", jdbc, JdbcAuditLogWriter::refusedRecords)
						.description("Audit records the database refused even alone")
						.register(registry);
				}
				interceptor.ifAvailable((queries) -> FunctionCounter
					.builder("svc.audit.records.skipped", queries, QueryAuditInterceptor::notRecordedQueries)
					.description("Anonymous queries past the audit quota of their address, recorded by their"
							+ " number only")
					.register(registry));
			};
		}

	}

	static final class OnRetention extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			boolean forever = Binder.get(context.getEnvironment())
				.bind("graphql.audit.retention", Duration.class)
				.map(Duration::isZero)
				.orElse(false);
			return forever ? ConditionOutcome.noMatch("graphql.audit.retention is 0: records are kept forever")
					: ConditionOutcome.match("graphql.audit.retention is not 0");
		}

	}

}
