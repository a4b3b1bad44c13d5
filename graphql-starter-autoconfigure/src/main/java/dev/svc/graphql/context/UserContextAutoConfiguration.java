package dev.svc.graphql.context;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlInterceptor;

/**
 * Who runs each query. The identity auto-configuration contributes a resolver that loads
 * permissions from the identity store; without one, the signed-in user's authorities are its
 * permissions.
 */
@AutoConfiguration(afterName = "dev.svc.graphql.identity.IdentityAutoConfiguration")
@ConditionalOnClass(WebGraphQlInterceptor.class)
@ConditionalOnBooleanProperty("graphql.enabled")
public final class UserContextAutoConfiguration {

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 100)
	WebGraphQlInterceptor svcUserContextInterceptor(UserContextResolver userContextResolver) {
		return new UserContextInterceptor(userContextResolver);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
	static class SecurityUserContextConfiguration {

		@Bean
		@ConditionalOnMissingBean
		UserContextResolver userContextResolver() {
			return UserContextResolver.fromSecurityContext(null);
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnMissingClass("org.springframework.security.core.context.SecurityContextHolder")
	static class AnonymousUserContextConfiguration {

		@Bean
		@ConditionalOnMissingBean
		UserContextResolver userContextResolver() {
			return UserContextResolver.anonymousOnly();
		}

	}

}
