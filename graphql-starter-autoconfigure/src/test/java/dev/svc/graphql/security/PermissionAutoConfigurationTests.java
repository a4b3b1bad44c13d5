package dev.svc.graphql.security;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class PermissionAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class));

	@Test
	void shouldCheckPermissionsWithoutTheEndpoint() {
		this.contextRunner.run((context) -> assertThat(context).hasSingleBean(PermissionChecker.class));
	}

	@Test
	void shouldBackOffWhenUserDefinesAPermissionChecker() {
		PermissionChecker own = (user, permission) -> true;
		this.contextRunner.withBean(PermissionChecker.class, () -> own)
			.run((context) -> assertThat(context).hasSingleBean(PermissionChecker.class)
				.getBean(PermissionChecker.class)
				.isSameAs(own));
	}

}
