package dev.svc.graphql.visibility;

/**
 * Which fields of the schema a caller sees ({@code graphql.schema.visibility}).
 */
public enum SchemaVisibility {

	/**
	 * Introspection, the schema printer and the playground show each caller the fields it
	 * may use; a {@code Query} field that requires a permission is absent from what a
	 * caller without it is shown. What the caller sends still runs under the
	 * specification's contract: a field it may not use answers {@code SVC_AUTHORIZATION}
	 * at its path, and the other fields of the request still answer.
	 */
	BY_PERMISSION,

	/**
	 * As {@link #BY_PERMISSION}, and a field the caller may not use does not exist for it
	 * in validation either: a request that names one is refused whole, as a request that
	 * names an unknown field ({@code GRAPHQL_VALIDATION_FAILED}), instead of answering
	 * {@code SVC_AUTHORIZATION} at the field's path. A departure from the specification's
	 * error contract, for hosts that want a caller to learn nothing of the fields it may
	 * not use.
	 */
	BY_PERMISSION_AS_MISSING,

	/**
	 * Every field, to every caller who may read the schema; a field the caller may not
	 * use is refused when it runs.
	 */
	ALL

}
