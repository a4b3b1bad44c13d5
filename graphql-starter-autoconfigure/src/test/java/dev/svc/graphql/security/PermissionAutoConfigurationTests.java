package dev.svc.graphql.security;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class PermissionAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(PermissionAutoConfiguration.class));

	@Test
	void shouldCheckPermissionsAndDefineTheAdministrationOnesWithoutTheEndpoint() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(PermissionChecker.class).hasSingleBean(PermissionDefinitions.class);
			assertThat(context.getBean(PermissionDefinitions.class).all())
				.containsExactlyElementsOf(PermissionDefinition.administration());
		});
	}

	@Test
	void shouldAddTheHostsPermissionDefinitions() {
		PermissionDefinition orders = new PermissionDefinition("Pages.Orders", "Orders");
		this.contextRunner.withBean("orders", PermissionDefinition.class, () -> orders).run((context) -> {
			assertThat(context.getBean(PermissionDefinitions.class).all()).contains(orders)
				.containsAll(PermissionDefinition.administration());
			assertThat(context.getBean(PermissionDefinitions.class).displayNameOf("Pages.Orders")).isEqualTo("Orders");
		});
	}

	@Test
	void shouldBackOffWhenUserDefinesAPermissionChecker() {
		PermissionChecker own = (user, permission) -> true;
		this.contextRunner.withBean(PermissionChecker.class, () -> own)
			.run((context) -> assertThat(context).hasSingleBean(PermissionChecker.class)
				.getBean(PermissionChecker.class)
				.isSameAs(own));
	}

	@Test
	void shouldBackOffWhenUserDefinesPermissionDefinitions() {
		PermissionDefinitions own = new PermissionDefinitions(List.of());
		this.contextRunner.withBean(PermissionDefinitions.class, () -> own)
			.run((context) -> assertThat(context).hasSingleBean(PermissionDefinitions.class)
				.getBean(PermissionDefinitions.class)
				.isSameAs(own));
	}

}
