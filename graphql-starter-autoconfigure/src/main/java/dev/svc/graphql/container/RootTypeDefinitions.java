package dev.svc.graphql.container;

import graphql.language.Description;
import graphql.language.ObjectTypeDefinition;
import graphql.language.ScalarTypeDefinition;
import graphql.language.SourceLocation;
import graphql.schema.idl.TypeDefinitionRegistry;

import org.springframework.graphql.execution.TypeDefinitionConfigurer;

/**
 * The {@code Query} type handlers extend and the {@code Long} and {@code DateTime}
 * scalars, each added only when the host's schema files lack it.
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
