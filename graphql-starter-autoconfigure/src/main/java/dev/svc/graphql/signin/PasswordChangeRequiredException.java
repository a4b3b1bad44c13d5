package dev.svc.graphql.signin;

import org.springframework.security.core.AuthenticationException;

/**
 * The credentials were right, but the user must set a new password, with a one-time code
 * instead of a session.
 */
public final class PasswordChangeRequiredException extends AuthenticationException {

	private final long userId;

	private final String passwordResetCode;

	/**
	 * A sign-in that must set a new password first.
	 * @param message the message for the client
	 * @param userId the user
	 * @param passwordResetCode the one-time code to set the password with
	 */
	public PasswordChangeRequiredException(String message, long userId, String passwordResetCode) {
		super(message);
		this.userId = userId;
		this.passwordResetCode = passwordResetCode;
	}

	/**
	 * The user who must change its password.
	 * @return the user's id
	 */
	public long getUserId() {
		return this.userId;
	}

	/**
	 * The one-time code to set the new password with.
	 * @return the code
	 */
	public String getPasswordResetCode() {
		return this.passwordResetCode;
	}

}
