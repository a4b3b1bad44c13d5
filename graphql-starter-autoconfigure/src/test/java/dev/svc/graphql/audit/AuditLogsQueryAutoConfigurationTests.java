package dev.svc.graphql.audit;

import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.execution.GraphQlSource;

import static org.assertj.core.api.Assertions.assertThat;

class AuditLogsQueryAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(DataSourceAutoConfiguration.class, AuditLogsQueryAutoConfiguration.class))
		.withPropertyValues("graphql.enabled=true");

	@Test
	void shouldBeOffByDefault() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(AuditLogsQueryHandler.class)
			.doesNotHaveBean(GraphQlSourceBuilderCustomizer.class));
	}

	@Test
	void shouldServeTheAuditLogsFieldAndItsSchemaWhenEnabled() {
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class,
					RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class))
			.withPropertyValues("graphql.queries.audit-logs.enabled=true",
					"spring.graphql.schema.locations=classpath:graphql-none/")
			.run((context) -> {
				assertThat(context).hasBean("svcAuditLogsSchema").hasBean("auditLogsQueryHandler");
				assertThat(context.getBean(RootContainer.class).fieldNames()).containsExactly("auditLogs");
				assertThat(context.getBean(GraphQlSource.class).schema().getQueryType().getFieldDefinition("auditLogs"))
					.isNotNull();
			});
	}

	@Test
	void shouldServeNothingWhileTheEndpointIsOff() {
		this.contextRunner.withPropertyValues("graphql.enabled=false", "graphql.queries.audit-logs.enabled=true")
			.run((context) -> assertThat(context).doesNotHaveBean(AuditLogsQueryHandler.class)
				.doesNotHaveBean("svcAuditLogsSchema"));
	}

	@Test
	void shouldNeedADataSource() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(AuditLogsQueryAutoConfiguration.class))
			.withPropertyValues("graphql.enabled=true", "graphql.queries.audit-logs.enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(AuditLogsQueryHandler.class));
	}

}
