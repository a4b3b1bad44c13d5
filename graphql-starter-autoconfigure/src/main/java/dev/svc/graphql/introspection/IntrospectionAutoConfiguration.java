package dev.svc.graphql.introspection;

import dev.svc.graphql.Introspection;
import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.web.GraphQlEndpointSecurityCustomizer;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;

/**
 * Applies {@code graphql.introspection} to each GraphQL request and to Spring Boot's
 * schema printer, which tells what introspection tells.
 */
@AutoConfiguration
@ConditionalOnClass(WebGraphQlInterceptor.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@EnableConfigurationProperties(SvcGraphQlProperties.class)
public final class IntrospectionAutoConfiguration {

	@Bean
	@Order(PipelineOrder.INTROSPECTION_INTERCEPTOR)
	WebGraphQlInterceptor svcIntrospectionInterceptor(SvcGraphQlProperties properties) {
		return new IntrospectionInterceptor(properties.getIntrospection());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass({ HttpSecurity.class, GraphQlEndpointSecurityCustomizer.class })
	static class SchemaPrinterConfiguration {

		/** Nobody gets in when Spring Boot's introspection is off. */
		@Bean
		GraphQlEndpointSecurityCustomizer svcSchemaPrinterAccess(SvcGraphQlProperties properties,
				GraphQlProperties graphQl) {
			Introspection rule = graphQl.getSchema().getIntrospection().isEnabled() ? properties.getIntrospection()
					: Introspection.NEVER;
			return (http) -> http.authorizeHttpRequests((requests) -> requests
				.requestMatchers(graphQl.getHttp().getPath() + "/schema")
				.access((authentication, request) -> new AuthorizationDecision(rule.allows(
						authentication.get() != null && authentication.get().getPrincipal() instanceof SignedInUser))));
		}

	}

}
