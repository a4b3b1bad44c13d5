package dev.svc.graphql.playground;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.security.SecurityHeaders;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
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
@ConditionalOnBooleanProperty({ "graphql.enabled", "graphql.playground.enabled" })
@EnableConfigurationProperties(PlaygroundProperties.class)
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

}
