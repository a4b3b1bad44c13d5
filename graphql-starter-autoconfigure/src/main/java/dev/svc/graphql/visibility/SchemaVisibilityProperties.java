package dev.svc.graphql.visibility;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Which schema each caller sees ({@code graphql.schema.*}). */
@ConfigurationProperties("graphql.schema")
public class SchemaVisibilityProperties {

	/**
	 * Which fields a caller is shown: those it may use (by-permission; others answer
	 * SVC_AUTHORIZATION), those alone in validation too (by-permission-as-missing; others
	 * are refused as unknown), or all.
	 */
	private SchemaVisibility visibility = SchemaVisibility.BY_PERMISSION;

	public SchemaVisibility getVisibility() {
		return this.visibility;
	}

	public void setVisibility(SchemaVisibility visibility) {
		this.visibility = visibility;
	}

}
