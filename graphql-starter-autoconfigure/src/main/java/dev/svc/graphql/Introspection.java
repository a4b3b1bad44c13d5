package dev.svc.graphql;

/** Who may introspect the schema, and read it from Spring Boot's schema printer. */
public enum Introspection {

	/** Every caller, signed in or not. */
	EVERYONE,

	/** Signed-in users of the identity data only. */
	SIGNED_IN,

	/** Nobody. */
	NEVER;

	/**
	 * Whether a caller may read the schema.
	 * @param signedIn whether the caller is a signed-in user
	 * @return whether the rule lets the caller in
	 */
	public boolean allows(boolean signedIn) {
		return switch (this) {
			case EVERYONE -> true;
			case SIGNED_IN -> signedIn;
			case NEVER -> false;
		};
	}

}
