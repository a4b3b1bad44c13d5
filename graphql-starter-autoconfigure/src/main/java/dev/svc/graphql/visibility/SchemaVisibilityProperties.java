package dev.svc.graphql.visibility;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which schema each caller sees ({@code graphql.schema.*}).
 */
@ConfigurationProperties("graphql.schema")
public class SchemaVisibilityProperties {

	/**
	 * Which fields a caller sees in introspection, in Spring Boot's schema printer, in the
	 * playground and in validation: only those it may use (by-permission), or all of them (all,
	 * where a field the caller may not use is refused when it runs).
	 */
	private SchemaVisibility visibility = SchemaVisibility.BY_PERMISSION;

	/**
	 * How many visible schemas, one per set of fields hidden from a caller, are kept. A set that
	 * is not kept is built again on its next request.
	 */
	private int visibleSchemaCacheSize = 64;

	/**
	 * @return which fields a caller sees in introspection, in Spring Boot's schema printer, in the playground
	 * and in validation: only those it may use (by-permission), or all of them (all, where a field the caller
	 * may not use is refused when it runs)
	 */
	public SchemaVisibility getVisibility() {
		return this.visibility;
	}

	/**
	 * @param visibility which fields a caller sees in introspection, in Spring Boot's schema printer, in the
	 * playground and in validation: only those it may use (by-permission), or all of them (all, where a field
	 * the caller may not use is refused when it runs)
	 */
	public void setVisibility(SchemaVisibility visibility) {
		this.visibility = visibility;
	}

	/**
	 * @return how many visible schemas, one per set of fields hidden from a caller, are kept
	 */
	public int getVisibleSchemaCacheSize() {
		return this.visibleSchemaCacheSize;
	}

	/**
	 * @param visibleSchemaCacheSize how many visible schemas, one per set of fields hidden from a caller, are
	 * kept
	 */
	public void setVisibleSchemaCacheSize(int visibleSchemaCacheSize) {
		this.visibleSchemaCacheSize = visibleSchemaCacheSize;
	}

}
