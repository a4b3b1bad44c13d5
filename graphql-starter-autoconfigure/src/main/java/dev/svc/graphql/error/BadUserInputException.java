package dev.svc.graphql.error;

/** An argument value the query cannot use, such as a page size over the limit. */
public class BadUserInputException extends UserFriendlyException {

	/**
	 * Creates the exception.
	 * @param message what is wrong and what is allowed, a sentence the client reads
	 */
	public BadUserInputException(String message) {
		super(message);
	}

}
