package dev.svc.graphql.visibility;

/**
 * Which fields of the schema a caller sees ({@code graphql.schema.visibility}).
 */
public enum SchemaVisibility {

	/**
	 * Only the fields the caller may use: a {@code Query} field that requires a permission is
	 * absent from the schema of a caller without it, as if it did not exist.
	 */
	BY_PERMISSION,

	/**
	 * Every field, to every caller who may read the schema; a field the caller may not use is
	 * refused when it runs.
	 */
	ALL

}
