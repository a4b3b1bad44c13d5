package dev.svc.graphql.container;

import java.util.ArrayList;
import java.util.List;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.security.PermissionChecker;
import dev.svc.graphql.security.PermissionDefinition;
import graphql.GraphQL;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.execution.RuntimeWiringConfigurer;

/**
 * The root {@code Query} type and the handler beans serving its fields, which Spring Boot
 * builds into the one schema with the host's schema files, controllers and configurers.
 */
@AutoConfiguration(before = GraphQlAutoConfiguration.class, after = PermissionAutoConfiguration.class)
@ConditionalOnClass({ GraphQL.class, GraphQlSource.class, GraphQlSourceBuilderCustomizer.class })
@ConditionalOnBooleanProperty("graphql.enabled")
public final class RootContainerAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	RootContainer rootContainer(ConfigurableListableBeanFactory beanFactory) {
		return RootContainer.of(beanFactory);
	}

	/** The administration permissions and every {@link PermissionDefinition} bean. */
	@Bean
	PermissionDefinitions svcPermissionDefinitions(ObjectProvider<PermissionDefinition> definitions) {
		List<PermissionDefinition> all = new ArrayList<>(PermissionDefinition.administration());
		definitions.orderedStream().forEach(all::add);
		return new PermissionDefinitions(all);
	}

	@Bean
	GraphQlSourceBuilderCustomizer svcRootTypes() {
		return (builder) -> builder.configureTypeDefinitions(new RootTypeDefinitions());
	}

	@Bean
	GraphQlSourceBuilderCustomizer svcGuardedControllerFields(RootContainer container,
			PermissionChecker permissionChecker, PermissionDefinitions permissions) {
		return (builder) -> builder
			.typeVisitors(List.of(new GuardedControllerFields(container, permissionChecker, permissions)));
	}

	/** Last of all configurers, so that it sees what the others serve. */
	@Bean
	@Order(PipelineOrder.LAST)
	RuntimeWiringConfigurer svcRootContainerWiring(RootContainer container, PermissionChecker permissionChecker,
			PermissionDefinitions permissions) {
		return new RootContainerWiring(container, permissionChecker, permissions);
	}

}
