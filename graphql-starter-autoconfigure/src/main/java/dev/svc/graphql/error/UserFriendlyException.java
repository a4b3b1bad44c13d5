package dev.svc.graphql.error;

import java.util.Locale;

/**
 * A failure whose message is meant for the client, its {@code extensions.code} from the
 * class name ({@code FooBarException} answers {@code FOO_BAR}); any other exception is an
 * internal error whose detail stays in the server log.
 */
public class UserFriendlyException extends RuntimeException {

	/**
	 * Creates the exception.
	 * @param message what went wrong, for the client
	 */
	public UserFriendlyException(String message) {
		super(message);
	}

	/**
	 * Creates the exception with a cause.
	 * @param message what went wrong, for the client
	 * @param cause the cause, never sent to the client
	 */
	public UserFriendlyException(String message, Throwable cause) {
		super(message, cause);
	}

	/**
	 * The {@code extensions.code}.
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
