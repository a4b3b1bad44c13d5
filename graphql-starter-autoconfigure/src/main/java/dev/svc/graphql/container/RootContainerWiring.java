package dev.svc.graphql.container;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import dev.svc.graphql.security.PermissionChecker;
import graphql.language.FieldDefinition;
import graphql.language.ObjectTypeDefinition;
import graphql.scalars.ExtendedScalars;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLScalarType;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.TypeDefinitionRegistry;
import graphql.schema.idl.WiringFactory;

import org.springframework.graphql.execution.RuntimeWiringConfigurer;

/**
 * Wires each handler to its {@code Query} field behind its permission check. Runs after
 * every other configurer, so it can check that each field has exactly one server.
 */
final class RootContainerWiring implements RuntimeWiringConfigurer {

	private static final String QUERY = "Query";

	private final RootContainer container;

	private final PermissionChecker permissionChecker;

	private final PermissionDefinitions permissions;

	private Set<String> declaredFields = Set.of();

	RootContainerWiring(RootContainer container, PermissionChecker permissionChecker,
			PermissionDefinitions permissions) {
		this.container = container;
		this.permissionChecker = permissionChecker;
		this.permissions = permissions;
	}

	@Override
	public void setTypeDefinitionRegistry(TypeDefinitionRegistry registry) {
		Set<String> declared = new TreeSet<>();
		registry.getType(QUERY, ObjectTypeDefinition.class)
			.ifPresent((query) -> query.getFieldDefinitions()
				.stream()
				.map(FieldDefinition::getName)
				.forEach(declared::add));
		registry.objectTypeExtensions()
			.getOrDefault(QUERY, List.of())
			.forEach((extension) -> extension.getFieldDefinitions()
				.stream()
				.map(FieldDefinition::getName)
				.forEach(declared::add));
		this.declaredFields = declared;
	}

	/** Unless the host has wired its own. */
	@Override
	public void configure(RuntimeWiring.Builder builder) {
		Map<String, GraphQLScalarType> wired = builder.build().getScalars();
		for (GraphQLScalarType scalar : List.of(ExtendedScalars.GraphQLLong, ExtendedScalars.DateTime)) {
			if (!wired.containsKey(scalar.getName())) {
				builder.scalar(scalar);
			}
		}
	}

	/** Runs once every configurer has registered its data fetchers. */
	@Override
	public void configure(RuntimeWiring.Builder builder, List<WiringFactory> factories) {
		@SuppressWarnings("rawtypes")
		Map<String, DataFetcher> servedByOthers = builder.build().getDataFetchers().getOrDefault(QUERY, Map.of());
		verifyHandlersAreDeclared();
		verifyNoFieldHasTwoServers(servedByOthers.keySet());
		builder.type(QUERY, (type) -> {
			for (HandlerRegistration registration : this.container.registrations()) {
				type.dataFetcher(registration.fieldName(),
						new HandlerDataFetcher(registration, this.permissionChecker, this.permissions));
			}
			return type;
		});
		// a wiring factory (Querydsl, Query by Example) may serve any field
		if (factories.isEmpty()) {
			verifyEveryFieldHasAServer(servedByOthers.keySet());
		}
	}

	private void verifyHandlersAreDeclared() {
		Set<String> undeclared = new TreeSet<>(this.container.fieldNames());
		undeclared.removeAll(this.declaredFields);
		if (!undeclared.isEmpty()) {
			throw new RootContainerException(
					"Query handlers serve " + undeclared + " but no schema file declares these fields.",
					"Declare each one in a schema file on spring.graphql.schema.locations (default "
							+ "classpath:graphql/**/), for example: extend type Query { " + undeclared.iterator().next()
							+ ": SomeType }");
		}
	}

	private void verifyNoFieldHasTwoServers(Set<String> servedByOthers) {
		for (String field : this.container.fieldNames()) {
			if (servedByOthers.contains(field)) {
				HandlerRegistration registration = this.container.registration(field);
				throw new RootContainerException("Query field '" + field + "' is served by the handler bean '"
						+ registration.beanName() + "' (" + registration.type().getName()
						+ ") and by a data fetcher of another kind, for example a @QueryMapping controller method.",
						"A field has exactly one server: remove the handler or the other data fetcher. A built-in query "
								+ "is switched off with graphql.queries.<name>.enabled=false, for example "
								+ "graphql.queries.organization-units.enabled=false.");
			}
		}
	}

	private void verifyEveryFieldHasAServer(Set<String> servedByOthers) {
		Set<String> unserved = new TreeSet<>(this.declaredFields);
		unserved.removeAll(this.container.fieldNames());
		unserved.removeAll(servedByOthers);
		if (!unserved.isEmpty()) {
			throw new RootContainerException(
					"The schema declares query fields " + unserved
							+ " but no QueryHandler bean or controller serves them.",
					"Declare a QueryHandler bean or a @QueryMapping method for each of them, or remove them from the schema.");
		}
	}

}
