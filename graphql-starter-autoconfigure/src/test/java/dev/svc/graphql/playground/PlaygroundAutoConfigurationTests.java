package dev.svc.graphql.playground;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.security.web.DefaultSecurityFilterChain;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.servlet.function.RouterFunction;

import static org.assertj.core.api.Assertions.assertThat;

class PlaygroundAutoConfigurationTests {

	private static final String ROUTES = "svcPlaygroundRoutes";

	/**
	 * The routes read the page that npm builds, which a build skipping npm lacks: they
	 * are left uncreated, and the tests check that they are defined.
	 */
	private static final ApplicationContextInitializer<ConfigurableApplicationContext> LAZY_ROUTES = (
			context) -> context.addBeanFactoryPostProcessor((beanFactory) -> {
				if (beanFactory.containsBeanDefinition(ROUTES)) {
					beanFactory.getBeanDefinition(ROUTES).setLazyInit(true);
				}
			});

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(ServletWebSecurityAutoConfiguration.class, PlaygroundAutoConfiguration.class))
		.withInitializer(LAZY_ROUTES)
		.withPropertyValues("graphql.enabled=true");

	@Test
	void shouldBeOffByDefault() {
		this.contextRunner.run((context) -> assertThat(context).hasNotFailed()
			.doesNotHaveBean(PlaygroundAutoConfiguration.CHAIN)
			.doesNotHaveBean(PlaygroundProperties.class));
	}

	@Test
	void shouldServeAndOpenThePageWhenEnabled() {
		this.contextRunner.withPropertyValues("graphql.playground-enabled=true", "graphql.playground.path=/play")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBeanNamesForType(RouterFunction.class)).containsExactly(ROUTES);
				DefaultSecurityFilterChain chain = context.getBean(PlaygroundAutoConfiguration.CHAIN,
						DefaultSecurityFilterChain.class);
				assertThat(chain.getRequestMatcher())
					.hasToString("Or [PathPattern [/play], PathPattern [/play/assets/**]]");
			});
	}

	@Test
	void shouldServeThePageUnderTheOldNameOfItsSwitchUntilTheFirstRelease() {
		this.contextRunner.withPropertyValues("graphql.playground.enabled=true").run((context) -> {
			assertThat(context.getBeanNamesForType(RouterFunction.class)).containsExactly(ROUTES);
			assertThat(context.getBean(PlaygroundProperties.class).isEnabled()).as("the old name binds").isTrue();
		});
		this.contextRunner.withPropertyValues("graphql.playground.enabled=true", "graphql.playground-enabled=false")
			.run((context) -> assertThat(context.getBeanNamesForType(RouterFunction.class))
				.as("the specification's name wins")
				.isEmpty());
	}

	@Test
	void shouldServeNothingWhileTheEndpointIsOff() {
		this.contextRunner.withPropertyValues("graphql.enabled=false", "graphql.playground-enabled=true")
			.run((context) -> {
				assertThat(context).doesNotHaveBean(PlaygroundAutoConfiguration.CHAIN);
				assertThat(context.getBeanNamesForType(RouterFunction.class)).isEmpty();
			});
	}

	@Test
	void shouldBackOffWhenUserDefinesTheChain() {
		SecurityFilterChain own = new DefaultSecurityFilterChain((request) -> false);
		this.contextRunner.withPropertyValues("graphql.playground-enabled=true")
			.withBean(PlaygroundAutoConfiguration.CHAIN, SecurityFilterChain.class, () -> own)
			.run((context) -> assertThat(context.getBean(PlaygroundAutoConfiguration.CHAIN)).isSameAs(own));
	}

	@Test
	void shouldOpenNoChainWithoutSpringSecurityNorServeOutsideAServletApplication() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(PlaygroundAutoConfiguration.class))
			.withInitializer(LAZY_ROUTES)
			.withPropertyValues("graphql.enabled=true", "graphql.playground-enabled=true")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(PlaygroundAutoConfiguration.CHAIN);
				assertThat(context.getBeanNamesForType(RouterFunction.class)).containsExactly(ROUTES);
			});
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(PlaygroundAutoConfiguration.class))
			.withPropertyValues("graphql.enabled=true", "graphql.playground-enabled=true")
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(PlaygroundProperties.class));
	}

}
