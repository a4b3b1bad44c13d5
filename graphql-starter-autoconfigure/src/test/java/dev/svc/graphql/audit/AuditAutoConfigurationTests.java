package dev.svc.graphql.audit;

import java.time.Clock;
import java.time.Instant;

import dev.svc.graphql.test.MutableClock;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.server.WebGraphQlInterceptor;

import static org.assertj.core.api.Assertions.assertThat;

class AuditAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class, AuditAutoConfiguration.class))
		.withPropertyValues("graphql.enabled=true");

	@Test
	void shouldBeOffByDefault() {
		this.contextRunner.run((context) -> assertThat(context).doesNotHaveBean(AuditLogWriter.class)
			.doesNotHaveBean(WebGraphQlInterceptor.class)
			.doesNotHaveBean(AuditLogPurge.class));
	}

	@Test
	void shouldWriteQueriesToTheDatabaseWhenEnabled() {
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true").run((context) -> {
			assertThat(context.getBean(AuditLogWriter.class)).isInstanceOf(JdbcAuditLogWriter.class);
			assertThat(context.getBean(WebGraphQlInterceptor.class)).isInstanceOf(QueryAuditInterceptor.class);
		});
	}

	@Test
	void shouldPurgeRecordsOlderThanTheRetention() {
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(AuditLogPurge.class));
	}

	@Test
	void shouldKeepRecordsForeverWhenTheRetentionIsZero() {
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true", "graphql.audit.retention=0")
			.run((context) -> assertThat(context).doesNotHaveBean(AuditLogPurge.class)
				.hasSingleBean(AuditLogWriter.class));
	}

	@Test
	void shouldReadTheTimeFromTheHostsClock() {
		MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true")
			.withBean(Clock.class, () -> clock)
			.run((context) -> {
				assertThat(context.getBean(AuditLogPurge.class)).hasFieldOrPropertyWithValue("clock", clock);
				assertThat(context.getBean(QueryAuditInterceptor.class)).hasFieldOrPropertyWithValue("clock", clock);
			});
	}

	@Test
	void shouldCountTheAnonymousQueriesRecordedByTheirNumberOnly() {
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true").run((context) -> {
			SimpleMeterRegistry registry = new SimpleMeterRegistry();
			context.getBean(MeterBinder.class).bindTo(registry);
			assertThat(registry.get("svc.audit.records.skipped").functionCounter().count()).isZero();
			assertThat(registry.find("svc.audit.records.dropped").functionCounter()).isNotNull();
		});
	}

	@Test
	void shouldBackOffWhenUserDefinesAWriter() {
		AuditLogWriter own = (record) -> {
		};
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true")
			.withBean(AuditLogWriter.class, () -> own)
			.run((context) -> {
				assertThat(context.getBean(AuditLogWriter.class)).isSameAs(own);
				assertThat(context).hasSingleBean(WebGraphQlInterceptor.class);
				// the module's table is the host's to keep still: the retention applies
				// to it
				assertThat(context).hasSingleBean(AuditLogPurge.class);
			});
	}

	@Test
	void shouldRecordSignInsButNoQueriesWhileTheEndpointIsOff() {
		this.contextRunner.withPropertyValues("graphql.enabled=false", "graphql.audit.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(AuditLogWriter.class)
				.hasSingleBean(AuditLogPurge.class)
				.doesNotHaveBean(WebGraphQlInterceptor.class));
	}

}
