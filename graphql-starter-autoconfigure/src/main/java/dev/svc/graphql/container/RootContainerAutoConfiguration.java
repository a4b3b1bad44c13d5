package dev.svc.graphql.container;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.security.PermissionChecker;
import dev.svc.graphql.security.PermissionDefinitions;
import graphql.GraphQL;
import graphql.analysis.MaxQueryDepthInstrumentation;
import graphql.execution.instrumentation.Instrumentation;
import graphql.scalars.ExtendedScalars;
import graphql.language.ObjectTypeDefinition;
import graphql.schema.idl.TypeDefinitionRegistry;
import graphql.schema.visibility.NoIntrospectionGraphqlFieldVisibility;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.core.io.support.ResourcePatternResolver;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.execution.DataFetcherExceptionResolver;
import org.springframework.graphql.execution.DefaultExecutionGraphQlService;
import org.springframework.graphql.execution.GraphQlSource;

/**
 * The core of the module: the root container assembled from the handler beans, the schema built
 * from the schema files, and the service that executes queries against it. Switched on by
 * {@code graphql.enabled}.
 */
@AutoConfiguration(after = PermissionAutoConfiguration.class)
@ConditionalOnClass({ GraphQL.class, GraphQlSource.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@EnableConfigurationProperties(SvcGraphQlProperties.class)
public final class RootContainerAutoConfiguration {

	private static final Resource ROOT_SCHEMA = new ClassPathResource("dev/svc/graphql/container/root.graphqls");

	@Bean
	@ConditionalOnMissingBean
	RootContainer rootContainer(ConfigurableListableBeanFactory beanFactory) {
		return RootContainer.of(beanFactory);
	}

	@Bean
	@ConditionalOnMissingBean
	GraphQlSource graphQlSource(RootContainer container, SvcGraphQlProperties properties,
			ResourcePatternResolver resourceResolver, PermissionChecker permissionChecker,
			PermissionDefinitions permissions, ObjectProvider<SchemaFragment> fragments,
			ObjectProvider<DataFetcherExceptionResolver> exceptionResolvers,
			ObjectProvider<Instrumentation> instrumentations) {
		List<Resource> schemaResources = new ArrayList<>();
		schemaResources.add(ROOT_SCHEMA);
		fragments.orderedStream().map(SchemaFragment::resource).forEach(schemaResources::add);
		schemaResources.addAll(hostSchemaResources(resourceResolver, properties.getSchemaLocations()));
		List<Instrumentation> instrumentation = new ArrayList<>(instrumentations.orderedStream().toList());
		instrumentation.add(new MaxQueryDepthInstrumentation(properties.getLimits().getMaxQueryDepth()));
		GraphQlSource source = GraphQlSource.schemaResourceBuilder()
			.schemaResources(schemaResources.toArray(Resource[]::new))
			.configureTypeDefinitions((registry) -> verifyEveryFieldHasOneHandler(registry, container, properties))
			.configureRuntimeWiring((wiring) -> {
				wiring.scalar(ExtendedScalars.GraphQLLong).scalar(ExtendedScalars.DateTime);
				if (!properties.isIntrospectionEnabled()) {
					wiring.fieldVisibility(NoIntrospectionGraphqlFieldVisibility.NO_INTROSPECTION_FIELD_VISIBILITY);
				}
				wiring.type("Query", (type) -> {
					for (HandlerRegistration registration : container.registrations()) {
						type.dataFetcher(registration.fieldName(),
								new HandlerDataFetcher(registration, permissionChecker, permissions));
					}
					return type;
				});
			})
			.exceptionResolvers(exceptionResolvers.orderedStream().toList())
			.instrumentation(instrumentation)
			.build();
		// build the schema now: a broken schema stops the start-up instead of failing the first query
		source.schema();
		return source;
	}

	@Bean
	@ConditionalOnMissingBean
	ExecutionGraphQlService executionGraphQlService(GraphQlSource graphQlSource) {
		return new DefaultExecutionGraphQlService(graphQlSource);
	}

	private static List<Resource> hostSchemaResources(ResourcePatternResolver resolver, List<String> locations) {
		List<Resource> resources = new ArrayList<>();
		for (String location : locations) {
			try {
				Arrays.stream(resolver.getResources(location)).filter(Resource::exists).forEach(resources::add);
			}
			catch (IOException ex) {
				throw new UncheckedIOException("Cannot read GraphQL schema files from '" + location + "'", ex);
			}
		}
		return resources;
	}

	private static void verifyEveryFieldHasOneHandler(TypeDefinitionRegistry registry, RootContainer container,
			SvcGraphQlProperties properties) {
		Set<String> declared = new TreeSet<>();
		registry.getType("Query", ObjectTypeDefinition.class)
			.ifPresent((query) -> query.getFieldDefinitions().forEach((field) -> declared.add(field.getName())));
		registry.objectTypeExtensions()
			.getOrDefault("Query", List.of())
			.forEach((extension) -> extension.getFieldDefinitions().forEach((field) -> declared.add(field.getName())));
		Set<String> undeclared = new TreeSet<>(container.fieldNames());
		undeclared.removeAll(declared);
		if (!undeclared.isEmpty()) {
			throw new RootContainerException("Query handlers serve " + undeclared
					+ " but no schema file declares these fields.",
					"Declare each one in a schema file on " + properties.getSchemaLocations()
							+ ", for example: extend type Query { " + undeclared.iterator().next() + ": SomeType }");
		}
		declared.removeAll(container.fieldNames());
		if (!declared.isEmpty()) {
			throw new RootContainerException(
					"The schema declares query fields " + declared + " but no QueryHandler bean serves them.",
					"Declare a QueryHandler bean for each of them, or remove them from the schema.");
		}
	}

}
