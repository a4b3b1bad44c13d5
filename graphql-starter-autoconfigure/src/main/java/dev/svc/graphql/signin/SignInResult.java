package dev.svc.graphql.signin;

import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;

/**
 * The outcome of a sign-in attempt.
 *
 * @param outcome what happened
 * @param user the signed-in user, {@code null} unless the outcome is {@link Outcome#SUCCESS}
 * @param shouldChangePassword whether the user must change its password before it may work
 * @param message what to tell the user, {@code null} on success
 */
public record SignInResult(Outcome outcome, @Nullable SignedInUser user, boolean shouldChangePassword,
		@Nullable String message) {

	/**
	 * What a sign-in attempt can end in.
	 */
	public enum Outcome {

		/** The credentials are right and the account may sign in. */
		SUCCESS,
		/** Unknown user or wrong password; the two are not told apart. */
		INVALID_CREDENTIALS,
		/** The account is locked out for now. */
		LOCKED_OUT,
		/** No tenant has the given tenancy name. */
		UNKNOWN_TENANT,
		/** The tenant exists but is not active. */
		INACTIVE_TENANT,
		/** The user exists but is not active. */
		INACTIVE_USER

	}

	static SignInResult success(SignedInUser user, boolean shouldChangePassword) {
		return new SignInResult(Outcome.SUCCESS, user, shouldChangePassword, null);
	}

	static SignInResult failure(Outcome outcome, String message) {
		return new SignInResult(outcome, null, false, message);
	}

	/**
	 * Whether the user is signed in.
	 * @return {@code true} on success
	 */
	public boolean succeeded() {
		return this.outcome == Outcome.SUCCESS;
	}

}
