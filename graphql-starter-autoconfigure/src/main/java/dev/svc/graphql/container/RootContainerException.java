package dev.svc.graphql.container;

/**
 * The handler beans and the schema files do not fit together; start-up reports what is
 * wrong and what to do.
 */
class RootContainerException extends IllegalStateException {

	private final String action;

	RootContainerException(String description, String action) {
		super(description);
		this.action = action;
	}

	/**
	 * What the developer should do about it.
	 * @return the advice
	 */
	String getAction() {
		return this.action;
	}

}
