package dev.svc.graphql.playground;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.security.SecurityHeaders;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.core.type.AnnotatedTypeMetadata;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

/** The playground: GraphiQL from the module's jar, talking to this application. */
@AutoConfiguration(afterName = {
		"org.springframework.boot.graphql.autoconfigure.servlet.GraphQlWebMvcAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ RouterFunction.class, GraphQlProperties.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@Conditional(PlaygroundAutoConfiguration.OnPlaygroundEnabled.class)
@EnableConfigurationProperties({ PlaygroundProperties.class, SvcGraphQlProperties.class })
public final class PlaygroundAutoConfiguration {

	static final String CHAIN = "svcPlaygroundSecurityFilterChain";

	@Bean
	RouterFunction<ServerResponse> svcPlaygroundRoutes(PlaygroundProperties properties, GraphQlProperties graphQl) {
		return new PlaygroundPage(properties.getPath(), graphQl.getHttp().getPath()).routes();
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ SecurityFilterChain.class, SecurityFilterProperties.class })
	@ConditionalOnBean(HttpSecurity.class)
	static class PlaygroundSecurityConfiguration {

		/**
		 * Open to everybody: the page's queries go to the endpoint, whose chain decides
		 * who runs them.
		 */
		@Bean(CHAIN)
		@Order(PipelineOrder.SECURITY_FILTER_CHAIN)
		@ConditionalOnMissingBean(name = CHAIN)
		SecurityFilterChain svcPlaygroundSecurityFilterChain(HttpSecurity http, PlaygroundProperties properties) {
			String path = properties.getPath();
			return http.securityMatcher(path, path + "/assets/**")
				.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
				.requestCache((cache) -> cache.disable())
				.headers(SecurityHeaders::add)
				.build();
		}

	}

	/**
	 * {@code graphql.playground-enabled}, the specification's name, or while it is not
	 * set its old name {@code graphql.playground.enabled}.
	 */
	static final class OnPlaygroundEnabled extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			Binder binder = Binder.get(context.getEnvironment());
			boolean enabled = binder.bind("graphql.playground-enabled", Boolean.class)
				.orElseGet(() -> binder.bind("graphql.playground.enabled", Boolean.class).orElse(false));
			return enabled ? ConditionOutcome.match("graphql.playground-enabled is true")
					: ConditionOutcome.noMatch("graphql.playground-enabled is not true");
		}

	}

}
