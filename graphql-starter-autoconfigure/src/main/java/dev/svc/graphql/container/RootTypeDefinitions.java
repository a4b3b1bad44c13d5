package dev.svc.graphql.container;

import graphql.language.Description;
import graphql.language.ObjectTypeDefinition;
import graphql.language.ScalarTypeDefinition;
import graphql.language.SourceLocation;
import graphql.schema.idl.TypeDefinitionRegistry;

import org.springframework.graphql.execution.TypeDefinitionConfigurer;

/**
 * The types every handler's schema file may build on: the root {@code Query} type that
 * handlers extend, and the {@code Long} and {@code DateTime} scalars. Each is added only
 * when the host's schema files do not define it already, so a host that has its own
 * {@code type Query} keeps it.
 */
final class RootTypeDefinitions implements TypeDefinitionConfigurer {

	@Override
	public void configure(TypeDefinitionRegistry registry) {
		if (registry.getType("Query").isEmpty()) {
			registry.add(ObjectTypeDefinition.newObjectTypeDefinition()
				.name("Query")
				.description(description(
						"The root container: every field is served by a query handler bean or a controller."))
				.build());
		}
		addScalarIfAbsent(registry, "Long", "A 64-bit integer.");
		addScalarIfAbsent(registry, "DateTime", "An ISO-8601 date-time with offset, for example 2024-01-31T10:15:30Z.");
	}

	private static void addScalarIfAbsent(TypeDefinitionRegistry registry, String name, String description) {
		if (registry.scalars().containsKey(name)) {
			return;
		}
		registry.add(ScalarTypeDefinition.newScalarTypeDefinition()
			.name(name)
			.description(description(description))
			.build());
	}

	private static Description description(String text) {
		return new Description(text, SourceLocation.EMPTY, false);
	}

}
