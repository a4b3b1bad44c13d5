package dev.svc.graphql.web;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.security.SecurityHeaders;

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
 * The endpoint's own security filter chain, covering only its path and the schema
 * printer's: every caller gets in (each query field checks its own permission), the user
 * comes from the host's session, and the host's chains (or Boot's default) stay as they
 * are. A bean named {@value #CHAIN} replaces it.
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

	@Bean(CHAIN)
	@Order(PipelineOrder.SECURITY_FILTER_CHAIN)
	@ConditionalOnMissingBean(name = CHAIN)
	SecurityFilterChain svcGraphQlSecurityFilterChain(HttpSecurity http, GraphQlProperties properties,
			ObjectProvider<GraphQlEndpointSecurityCustomizer> customizers) {
		String path = properties.getHttp().getPath();
		http.securityMatcher(path, path + "/schema")
			// only JSON POSTs run, and a GET runs as the user only with a header: both
			// need a CORS preflight, so a CSRF token would protect nothing
			.csrf(AbstractHttpConfigurer::disable)
			.securityContext(
					(context) -> context.securityContextRepository(new PreflightedSecurityContextRepository(path)))
			.requestCache(AbstractHttpConfigurer::disable)
			.headers(SecurityHeaders::add);
		customizers.orderedStream().forEach((customizer) -> customizer.customize(http));
		// the schema printer stays closed unless a customizer (introspection) opened it
		http.authorizeHttpRequests(
				(requests) -> requests.requestMatchers(path + "/schema").denyAll().anyRequest().permitAll());
		return http.build();
	}

}
