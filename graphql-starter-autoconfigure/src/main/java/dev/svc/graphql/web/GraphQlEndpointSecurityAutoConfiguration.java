package dev.svc.graphql.web;

import dev.svc.graphql.PipelineOrder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The endpoint's own security filter chain, beside the host's: it covers only the
 * endpoint's path (and that of Spring Boot's schema printer below it), lets every caller
 * in (each query field checks its own permission) and reads the signed-in user from the
 * session the host's sign-in created. The host's chains are left as they are, and Spring
 * Boot's default chain stays in place for a host that has none. A host declares a bean
 * named {@value #CHAIN} to secure the endpoint its own way.
 */
@AutoConfiguration(after = GraphQlEndpointAutoConfiguration.class, afterName = {
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ SecurityFilterChain.class, HttpSecurity.class, SecurityFilterProperties.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean({ ExecutionGraphQlService.class, HttpSecurity.class })
public final class GraphQlEndpointSecurityAutoConfiguration {

	static final String CHAIN = "svcGraphQlSecurityFilterChain";

	/**
	 * Ahead of Spring Boot's default chain and of any host chain without an order, behind
	 * a host chain ordered explicitly before it.
	 */
	@Bean(CHAIN)
	@Order(PipelineOrder.SECURITY_FILTER_CHAIN)
	@ConditionalOnMissingBean(name = CHAIN)
	SecurityFilterChain svcGraphQlSecurityFilterChain(HttpSecurity http, GraphQlProperties properties,
			ObjectProvider<GraphQlEndpointSecurityCustomizer> customizers) {
		String path = properties.getHttp().getPath();
		http.securityMatcher(path, path + "/schema")
			// A POST runs only with a JSON body (anything else is refused before it
			// runs), which no page of another site can send without a CORS preflight; a
			// GET runs as the signed-in user only with a header that needs a preflight
			// too: a CSRF token would protect nothing.
			.csrf(AbstractHttpConfigurer::disable)
			.securityContext(
					(context) -> context.securityContextRepository(new PreflightedSecurityContextRepository(path)))
			.requestCache(AbstractHttpConfigurer::disable);
		customizers.orderedStream().forEach((customizer) -> customizer.customize(http));
		// Spring Boot's schema printer is closed unless a customizer (the introspection
		// rule's) let callers in; each query field checks its own permission
		http.authorizeHttpRequests(
				(requests) -> requests.requestMatchers(path + "/schema").denyAll().anyRequest().permitAll());
		return http.build();
	}

}
