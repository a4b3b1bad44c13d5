package dev.svc.graphql.container;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.svc.graphql.security.PermissionDefinition;

/** Every permission known to the application, looked up by name. */
final class PermissionDefinitions {

	private final Map<String, PermissionDefinition> byName = new LinkedHashMap<>();

	/**
	 * Creates the catalog; a name may be defined again only alike.
	 * @param definitions the definitions
	 * @throws IllegalStateException when two definitions of one name differ
	 */
	PermissionDefinitions(Collection<PermissionDefinition> definitions) {
		for (PermissionDefinition definition : definitions) {
			PermissionDefinition previous = this.byName.putIfAbsent(definition.name(), definition);
			if (previous != null && !previous.equals(definition)) {
				throw new IllegalStateException("Permission '" + definition.name() + "' is defined twice, as '"
						+ previous.displayName() + "' and as '" + definition.displayName() + "'");
			}
		}
	}

	/**
	 * The name users see for a permission.
	 * @param name the permission's name
	 * @return its display name, or the name itself when it is not defined
	 */
	String displayNameOf(String name) {
		PermissionDefinition definition = this.byName.get(name);
		return (definition != null) ? definition.displayName() : name;
	}

	/**
	 * All definitions, in the order they were given.
	 * @return the definitions
	 */
	Collection<PermissionDefinition> all() {
		return this.byName.values();
	}

}
