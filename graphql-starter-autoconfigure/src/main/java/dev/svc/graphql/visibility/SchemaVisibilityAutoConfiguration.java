package dev.svc.graphql.visibility;

import java.util.List;

import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.security.PermissionChecker;
import graphql.GraphQL;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionOutcome;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.SpringBootCondition;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ConditionContext;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.type.AnnotatedTypeMetadata;

/**
 * Shows each caller the schema it may use: an instrumentation that finds the caller's
 * schema (and, with {@code by-permission-as-missing}, validates and runs the request
 * against it), and introspection fields that answer from it.
 */
@AutoConfiguration(before = GraphQlAutoConfiguration.class, after = RootContainerAutoConfiguration.class)
@ConditionalOnClass({ GraphQL.class, Caffeine.class, GraphQlSourceBuilderCustomizer.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean({ RootContainer.class, PermissionChecker.class })
@Conditional(SchemaVisibilityAutoConfiguration.OnVisibilityByPermission.class)
@EnableConfigurationProperties(SchemaVisibilityProperties.class)
public final class SchemaVisibilityAutoConfiguration {

	@Bean
	VisibleSchemas svcVisibleSchemas(SchemaVisibilityProperties properties, RootContainer container,
			PermissionChecker permissionChecker) {
		return new VisibleSchemas(container.guardedFields(), permissionChecker, VisibleSchemas.MAX_SCHEMAS,
				properties.getVisibility() == SchemaVisibility.BY_PERMISSION_AS_MISSING);
	}

	@Bean
	GraphQlSourceBuilderCustomizer svcVisibleIntrospection(VisibleSchemas svcVisibleSchemas) {
		return (builder) -> builder.typeVisitors(List.of(new VisibleIntrospection(svcVisibleSchemas)));
	}

	@Bean
	SchemaVisibilityInstrumentation svcSchemaVisibilityInstrumentation(VisibleSchemas svcVisibleSchemas) {
		return new SchemaVisibilityInstrumentation(svcVisibleSchemas);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcVisibleSchemaCacheMeters(VisibleSchemas svcVisibleSchemas) {
			return (registry) -> CaffeineCacheMetrics.monitor(registry, svcVisibleSchemas.cache(),
					"svc.visible-schemas");
		}

	}

	/**
	 * Binds the value, so any spelling of {@code all} matches and an unknown value fails
	 * the start-up with the values allowed.
	 */
	static final class OnVisibilityByPermission extends SpringBootCondition {

		@Override
		public ConditionOutcome getMatchOutcome(ConditionContext context, AnnotatedTypeMetadata metadata) {
			SchemaVisibility visibility = Binder.get(context.getEnvironment())
				.bind("graphql.schema.visibility", SchemaVisibility.class)
				.orElse(SchemaVisibility.BY_PERMISSION);
			return (visibility != SchemaVisibility.ALL)
					? ConditionOutcome.match("graphql.schema.visibility is " + visibility)
					: ConditionOutcome.noMatch("graphql.schema.visibility is all");
		}

	}

}
