package dev.svc.graphql.error;

/**
 * An argument value the query cannot use, for example a page size over the limit. The
 * message says what is wrong and what is allowed; the code is {@code BAD_USER_INPUT}.
 */
public class BadUserInputException extends UserFriendlyException {

	/**
	 * A client's argument that cannot be used.
	 * @param message what is wrong and what is allowed, a sentence the client reads
	 */
	public BadUserInputException(String message) {
		super(message);
	}

}
