package dev.svc.graphql.visibility;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which schema each caller sees ({@code graphql.schema.*}).
 */
@ConfigurationProperties("graphql.schema")
public class SchemaVisibilityProperties {

	/**
	 * Which fields a caller is shown in introspection, in Spring Boot's schema printer
	 * and in the playground: only those it may use (by-permission; a field it may not use
	 * still answers SVC_AUTHORIZATION when it sends it), only those and no other in
	 * validation either (by-permission-as-missing; a field it may not use is refused as
	 * an unknown one), or all of them (all).
	 */
	private SchemaVisibility visibility = SchemaVisibility.BY_PERMISSION;

	/**
	 * How many visible schemas, one per set of fields hidden from a caller, are kept. A
	 * set that is not kept is built again on its next request.
	 */
	private int visibleSchemaCacheSize = 64;

	public SchemaVisibility getVisibility() {
		return this.visibility;
	}

	public void setVisibility(SchemaVisibility visibility) {
		this.visibility = visibility;
	}

	public int getVisibleSchemaCacheSize() {
		return this.visibleSchemaCacheSize;
	}

	public void setVisibleSchemaCacheSize(int visibleSchemaCacheSize) {
		this.visibleSchemaCacheSize = visibleSchemaCacheSize;
	}

}
