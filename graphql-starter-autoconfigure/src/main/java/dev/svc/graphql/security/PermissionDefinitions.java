package dev.svc.graphql.security;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Every permission known to the application, looked up by name. */
public final class PermissionDefinitions {

	private final Map<String, PermissionDefinition> byName = new LinkedHashMap<>();

	/**
	 * Creates the catalog; a name may be defined again only alike.
	 * @param definitions the definitions
	 * @throws IllegalStateException when two definitions of one name differ
	 */
	public PermissionDefinitions(Collection<PermissionDefinition> definitions) {
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
	public String displayNameOf(String name) {
		PermissionDefinition definition = this.byName.get(name);
		return (definition != null) ? definition.displayName() : name;
	}

	/**
	 * All definitions, in the order they were given.
	 * @return the definitions
	 */
	public Collection<PermissionDefinition> all() {
		return this.byName.values();
	}

}
