package dev.svc.graphql.error;

import java.util.Locale;

/**
 * A failure whose message is meant for the client. Its {@code extensions.code} comes from
 * the class name: {@code FooBarException} answers {@code FOO_BAR}. Handlers throw
 * subclasses of it for conditions the caller can act on; any other exception is reported
 * as an internal error whose detail stays in the server log.
 */
public class UserFriendlyException extends RuntimeException {

	/**
	 * A failure whose message the client reads.
	 * @param message what went wrong, for the client
	 */
	public UserFriendlyException(String message) {
		super(message);
	}

	/**
	 * A failure whose message the client reads, with the cause the server log keeps.
	 * @param message what went wrong, for the client
	 * @param cause the cause, never sent to the client
	 */
	public UserFriendlyException(String message, Throwable cause) {
		super(message, cause);
	}

	/**
	 * The failure code sent as {@code extensions.code}.
	 * @return the upper snake case class name without its {@code Exception} suffix
	 */
	public String getCode() {
		return codeOf(getClass());
	}

	static String codeOf(Class<?> type) {
		String name = type.getSimpleName();
		if (name.endsWith("Exception") && name.length() > "Exception".length()) {
			name = name.substring(0, name.length() - "Exception".length());
		}
		return name.replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
	}

}
