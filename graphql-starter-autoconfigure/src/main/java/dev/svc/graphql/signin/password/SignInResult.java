package dev.svc.graphql.signin.password;

import java.time.Duration;
import java.util.List;

import dev.svc.graphql.RetryAfter;
import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;

import org.springframework.security.core.AuthenticationException;

/**
 * The outcome of a sign-in attempt, the one model of it: a sign-in through Spring
 * Security that did not succeed throws it as a {@link Refused}.
 *
 * @param outcome what happened
 * @param user the user, on success or when a further step is required
 * @param passwordResetCode the code to set a new password with, when that is required
 * @param message what to tell the user, {@code null} on success
 * @param retryAfter how long the client must wait, when {@link Outcome#THROTTLED}
 * @param twoFactorAuthProviders the ways to give the second factor, when it is required
 * @param twoFactorRememberClientToken the token to skip the second step with, if asked
 * @param tenantId the tenant the attempt named, when there is one of that name
 */
public record SignInResult(Outcome outcome, @Nullable SignedInUser user, @Nullable String passwordResetCode,
		@Nullable String message, @Nullable Duration retryAfter, @Nullable List<String> twoFactorAuthProviders,
		@Nullable String twoFactorRememberClientToken, @Nullable Integer tenantId) {

	/** What a sign-in attempt can end in. */
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
		INACTIVE_USER,
		/** The client's address made too many attempts; nothing was checked. */
		THROTTLED,
		/** Right credentials, but a new password must be set (with the reset code). */
		PASSWORD_CHANGE_REQUIRED,
		/** Right password; sign in again with it and a code of one of the providers. */
		TWO_FACTOR_REQUIRED,
		/** The password is right, the two-factor code is not (or was used). */
		INVALID_TWO_FACTOR_CODE,
		/** Two-factor is on (off) already, or no app is being set up; nothing checked. */
		TWO_FACTOR_UNCHANGED

	}

	/**
	 * A signed-in user.
	 * @param user the user
	 * @param twoFactorRememberClientToken the token to skip the second step with, if
	 * asked
	 * @return the result
	 */
	public static SignInResult success(SignedInUser user, @Nullable String twoFactorRememberClientToken) {
		return new SignInResult(Outcome.SUCCESS, user, null, null, null, null, twoFactorRememberClientToken,
				user.tenantId());
	}

	static SignInResult passwordChangeRequired(SignedInUser user, String passwordResetCode) {
		return new SignInResult(Outcome.PASSWORD_CHANGE_REQUIRED, user, passwordResetCode,
				"You must change your password before you sign in.", null, null, null, user.tenantId());
	}

	/**
	 * A right password of a user who must take the second step.
	 * @param user the user
	 * @param providers the ways to give the second factor
	 * @return the result
	 */
	public static SignInResult twoFactorRequired(SignedInUser user, List<String> providers) {
		return new SignInResult(Outcome.TWO_FACTOR_REQUIRED, user, null,
				"Enter the code of your authenticator app, or have one sent to you.", null, providers, null,
				user.tenantId());
	}

	/**
	 * An attempt that did not succeed.
	 * @param outcome what happened
	 * @param message what to tell the user
	 * @return the result
	 */
	public static SignInResult failure(Outcome outcome, String message) {
		return new SignInResult(outcome, null, null, message, null, null, null, null);
	}

	static SignInResult throttled(Duration retryAfter, boolean byAccount) {
		long seconds = RetryAfter.seconds(retryAfter);
		return new SignInResult(Outcome.THROTTLED, null, null,
				"Too many sign-in attempts " + (byAccount ? "for this account" : "from your address")
						+ ". Please try again in " + seconds + " seconds.",
				Duration.ofSeconds(seconds), null, null, null);
	}

	// a refusal in the tenant the attempt named
	SignInResult inTenant(@Nullable Integer tenantId) {
		return new SignInResult(this.outcome, this.user, this.passwordResetCode, this.message, this.retryAfter,
				this.twoFactorAuthProviders, this.twoFactorRememberClientToken, tenantId);
	}

	/**
	 * What to tell the user of an attempt that did not succeed.
	 * @return the message
	 * @throws IllegalStateException when the result carries none
	 */
	public String failureMessage() {
		if (this.message == null) {
			throw new IllegalStateException(this.outcome + " carries no message");
		}
		return this.message;
	}

	/**
	 * Whether the user is signed in.
	 * @return {@code true} on success
	 */
	public boolean succeeded() {
		return this.outcome == Outcome.SUCCESS;
	}

	/**
	 * A sign-in through Spring Security that did not succeed (a further step to take
	 * among them), with its result, for the front end to answer it and the audit to
	 * record it.
	 */
	public static final class Refused extends AuthenticationException {

		private final transient SignInResult result;

		/**
		 * A refused sign-in.
		 * @param result the result, which carries a message
		 */
		public Refused(SignInResult result) {
			super(result.failureMessage());
			this.result = result;
		}

		/**
		 * What the sign-in ended in.
		 * @return the result
		 */
		public SignInResult getResult() {
			return this.result;
		}

	}

}
