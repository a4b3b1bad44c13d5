package dev.svc.graphql.visibility;

/** Which fields of the schema a caller sees ({@code graphql.schema.visibility}). */
enum SchemaVisibility {

	/**
	 * Each caller is shown only the fields it may use; one it may not use still answers
	 * {@code SVC_AUTHORIZATION} at its path, as the specification's contract says.
	 */
	BY_PERMISSION,

	/**
	 * As {@link #BY_PERMISSION}, but validation refuses a request naming such a field
	 * whole ({@code GRAPHQL_VALIDATION_FAILED}): a departure from the specification's
	 * error contract, so the caller learns nothing of fields it may not use.
	 */
	BY_PERMISSION_AS_MISSING,

	/** Every field, to every caller; a field it may not use is refused when run. */
	ALL

}
