package dev.svc.graphql.audit;

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
			.doesNotHaveBean(WebGraphQlInterceptor.class));
	}

	@Test
	void shouldWriteQueriesToTheDatabaseWhenEnabled() {
		this.contextRunner.withPropertyValues("graphql.audit.enabled=true")
			.run((context) -> {
				assertThat(context.getBean(AuditLogWriter.class)).isInstanceOf(JdbcAuditLogWriter.class);
				assertThat(context.getBean(WebGraphQlInterceptor.class)).isInstanceOf(QueryAuditInterceptor.class);
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
			});
	}

	@Test
	void shouldRecordSignInsButNoQueriesWhileTheEndpointIsOff() {
		this.contextRunner.withPropertyValues("graphql.enabled=false", "graphql.audit.enabled=true")
			.run((context) -> assertThat(context).hasSingleBean(AuditLogWriter.class)
				.doesNotHaveBean(WebGraphQlInterceptor.class));
	}

}
