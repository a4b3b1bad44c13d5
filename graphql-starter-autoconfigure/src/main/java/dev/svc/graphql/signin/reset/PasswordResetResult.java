package dev.svc.graphql.signin.reset;

import java.time.Duration;
import java.util.List;

import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInResult;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of setting a new password with a reset code.
 *
 * @param outcome what happened
 * @param userName the user's name, when the password was set
 * @param message what to tell the user, {@code null} when the password was set
 * @param problems what is wrong with each field, when the input was refused
 * @param retryAfter how long the client must wait, when {@link Outcome#THROTTLED}
 */
public record PasswordResetResult(Outcome outcome, @Nullable String userName, @Nullable String message,
		List<SignInInput.Problem> problems, @Nullable Duration retryAfter) {

	static final String INVALID_CODE = "The password reset code is not valid, or it has been used or has expired: "
			+ "sign in again to get a new one.";

	/** What setting a new password can end in. */
	public enum Outcome {

		/** The password is set and the user may sign in with it. */
		RESET,
		/** A field is missing or the password breaks the policy; the code still works. */
		INVALID_INPUT,
		/** No such code, or it was used, has expired, or was voided by wrong guesses. */
		INVALID_CODE,
		/** The client's address made too many attempts; nothing was checked. */
		THROTTLED

	}

	static PasswordResetResult reset(String userName) {
		return new PasswordResetResult(Outcome.RESET, userName, null, List.of(), null);
	}

	/**
	 * Refused input: the code still works.
	 * @param problems what is wrong with each field
	 * @return the result
	 */
	public static PasswordResetResult invalidInput(List<SignInInput.Problem> problems) {
		return new PasswordResetResult(Outcome.INVALID_INPUT, null,
				String.join(" ", problems.stream().map(SignInInput.Problem::message).toList()), problems, null);
	}

	/**
	 * A code that does not work.
	 * @return the result
	 */
	public static PasswordResetResult invalidCode() {
		return new PasswordResetResult(Outcome.INVALID_CODE, null, INVALID_CODE, List.of(), null);
	}

	static PasswordResetResult throttled(SignInResult throttled) {
		return new PasswordResetResult(Outcome.THROTTLED, null, throttled.message(), List.of(), throttled.retryAfter());
	}

	/**
	 * What to tell the user of a reset that did not succeed.
	 * @return the message
	 * @throws IllegalStateException when the result carries none
	 */
	public String failureMessage() {
		if (this.message == null) {
			throw new IllegalStateException(this.outcome + " carries no message");
		}
		return this.message;
	}

}
