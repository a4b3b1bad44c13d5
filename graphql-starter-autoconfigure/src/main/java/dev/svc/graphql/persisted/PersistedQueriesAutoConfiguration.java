package dev.svc.graphql.persisted;

import java.util.Collection;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Predicate;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.SvcGraphQlProperties.SharedStore;
import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.security.PermissionChecker;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.ResourceLoader;
import org.springframework.core.io.support.ResourcePatternUtils;
import org.springframework.graphql.server.WebGraphQlInterceptor;

/**
 * Persisted documents on every transport through Spring for GraphQL's interceptors: the
 * registered documents first, then the other {@link PersistedDocuments} beans, and which
 * documents run ({@code graphql.persisted-documents.mode}).
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class,
		afterName = "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration")
@ConditionalOnClass(WebGraphQlInterceptor.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@EnableConfigurationProperties({ PersistedDocumentsProperties.class, SvcGraphQlProperties.class })
@Import({ SharedPersistedQueriesConfigurations.RedisConfiguration.class,
		SharedPersistedQueriesConfigurations.DatabaseConfiguration.class })
public final class PersistedQueriesAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@Order(Ordered.HIGHEST_PRECEDENCE)
	RegisteredDocuments svcRegisteredDocuments(PersistedDocumentsProperties properties,
			ObjectProvider<JsonMapper> jsonMapper, ResourceLoader resourceLoader) {
		return RegisteredDocuments.of(new Manifests(jsonMapper.getIfAvailable(JsonMapper::shared))
			.read(properties.getManifests(), ResourcePatternUtils.getResourcePatternResolver(resourceLoader)));
	}

	@Bean
	@Order(PipelineOrder.PERSISTED_QUERY_INTERCEPTOR)
	WebGraphQlInterceptor svcPersistedQueryInterceptor(PersistedDocumentsProperties properties,
			SvcGraphQlProperties module, RegisteredDocuments registered, ObjectProvider<PersistedDocuments> documents,
			ObjectProvider<RefusalCounter> refusals, ObjectProvider<SharedPersistedQueries> shared,
			ObjectProvider<RootContainer> container, ObjectProvider<PermissionChecker> permissionChecker) {
		PersistedDocuments known = PersistedDocuments.firstOf(documents.orderedStream().toList());
		SharedPersistedQueries sharedStore = shared.getIfUnique();
		SharedStore named = module.getSharedStore();
		if (sharedStore == null && named != null && named != SharedStore.MEMORY) {
			throw new IllegalStateException("graphql.shared-store is " + named
					+ ", which this application does not have: redis needs Spring Boot's Redis with Lettuce"
					+ " (spring-boot-starter-data-redis), database the module's own identity tables");
		}
		return new PersistedQueryInterceptor(known, registered,
				new DocumentRule(properties.getMode(), properties.getArbitraryPermission(), registered),
				refusals.getIfAvailable(() -> (reason) -> {
				}), sharedStore, mayUseAGuardedField(container.getIfAvailable(), permissionChecker.getIfAvailable()));
	}

	// the callers whose texts are shared: those given the permission of a Query field (a
	// role every user holds, such as the demo data's Pages, is not enough)
	static Predicate<UserContext> mayUseAGuardedField(@Nullable RootContainer container,
			@Nullable PermissionChecker permissionChecker) {
		if (container == null || permissionChecker == null) {
			return (caller) -> !caller.grantedPermissions().isEmpty();
		}
		Collection<List<String>> permissions = container.guardedFields().values();
		return (caller) -> permissions.stream().anyMatch((anyOf) -> permissionChecker.isGrantedAny(caller, anyOf));
	}

	// told the reason of every document refused as unknown or not allowed
	@FunctionalInterface
	interface RefusalCounter extends Consumer<String> {

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterRegistry.class)
	static class RefusalMetersConfiguration {

		@Bean
		RefusalCounter svcPersistedDocumentRefusals(ObjectProvider<MeterRegistry> registry) {
			return (reason) -> registry.ifAvailable((meters) -> Counter.builder("svc.persisted-documents.refused")
				.description("Documents refused as unknown ids or not allowed by graphql.persisted-documents.mode")
				.tag("reason", reason)
				.register(meters)
				.increment());
		}

	}

}
