package dev.svc.graphql.container;

/**
 * The handler beans and the schema files do not fit together, so the root container
 * cannot be built. Start-up reports it with what is wrong and what to do.
 */
public class RootContainerException extends IllegalStateException {

	/** What to do about it, for the failure analysis. */
	private final String action;

	RootContainerException(String description, String action) {
		super(description);
		this.action = action;
	}

	/**
	 * What the developer should do about it.
	 * @return the advice
	 */
	public String getAction() {
		return this.action;
	}

}
