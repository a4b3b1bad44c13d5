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

	/** Visible schemas to keep, one per set of hidden fields; others are rebuilt. */
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
