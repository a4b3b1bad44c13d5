package dev.svc.graphql.context;

import java.util.Set;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.graphql.server.WebGraphQlInterceptor;

/**
 * Who runs each query, for which tenant: with an {@link IdentityStore}, users'
 * permissions come from it and anonymous tenant headers are checked against it; else
 * users' authorities are their permissions.
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class)
@ConditionalOnClass(WebGraphQlInterceptor.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@Import({ UserContextAutoConfiguration.IdentityConfiguration.class,
		UserContextAutoConfiguration.SecurityUserContextConfiguration.class,
		UserContextAutoConfiguration.AnonymousUserContextConfiguration.class })
public final class UserContextAutoConfiguration {

	/**
	 * The permissions held only while signed in with a passkey
	 * ({@code graphql.sign-in.passkey.required-for}, described by
	 * {@code PasskeyProperties}), read here by name: the context knows no sign-in.
	 * @param environment the environment
	 * @return the permissions' names
	 */
	public static Set<String> passkeyPermissions(Environment environment) {
		return Binder.get(environment)
			.bind("graphql.sign-in.passkey.required-for", Bindable.setOf(String.class))
			.orElseGet(Set::of);
	}

	@Bean
	@Order(PipelineOrder.USER_CONTEXT_INTERCEPTOR)
	WebGraphQlInterceptor svcUserContextInterceptor(UserContextResolver userContextResolver) {
		return new UserContextInterceptor(userContextResolver);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBean(IdentityStore.class)
	@EnableConfigurationProperties(SvcGraphQlProperties.class)
	static class IdentityConfiguration {

		/** A thirty-second of the memory budget (2 MB of 64 MB: some 8,000 tenants). */
		@Bean
		@Order(PipelineOrder.TENANT_HEADER_INTERCEPTOR)
		TenantHeaderInterceptor svcTenantHeaderInterceptor(IdentityStore store, SvcGraphQlProperties properties) {
			return new TenantHeaderInterceptor(store, properties.getMemoryBudget().toBytes() / 32);
		}

		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass(MeterBinder.class)
		static class CacheMetersConfiguration {

			@Bean
			MeterBinder svcTenantCacheMeters(TenantHeaderInterceptor svcTenantHeaderInterceptor) {
				return (registry) -> CaffeineCacheMetrics.monitor(registry, svcTenantHeaderInterceptor.cache(),
						"svc.tenants");
			}

		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
	static class SecurityUserContextConfiguration {

		@Bean
		@ConditionalOnMissingBean
		UserContextResolver userContextResolver(ObjectProvider<IdentityStore> identityStore, Environment environment) {
			IdentityStore store = identityStore.getIfUnique();
			return UserContextResolver.fromSecurityContext(
					(store != null) ? (user) -> store.findGrantedPermissions(user.userId()) : null,
					passkeyPermissions(environment));
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
