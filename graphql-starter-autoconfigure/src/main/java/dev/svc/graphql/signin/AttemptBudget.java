package dev.svc.graphql.signin;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;

import dev.svc.graphql.signin.store.SignInAttempts;
import dev.svc.graphql.signin.store.SignInAttempts.Subject;
import org.jspecify.annotations.Nullable;

/**
 * The one budget that every check of a secret spends from, whichever path it comes by: a
 * password at sign-in or when a signed-in user confirms a change, an authenticator app's
 * code or a code sent by e-mail or text message at sign-in or when two-factor sign-in is
 * turned on or off, a password reset code. Each client address, and each account whatever
 * the address, may make so many attempts per window; each account (or name of no account)
 * is locked out after so many failures in a row. A lockout refuses new sign-ins only: the
 * account's live sessions go on, so that whoever knows a user's name cannot sign that
 * user out by failing on purpose.
 */
final class AttemptBudget {

	private final SignInAttempts attempts;

	private final SignInThrottle throttle;

	private final int maxFailedAttempts;

	private final Duration lockoutDuration;

	AttemptBudget(SignInAttempts attempts, SignInThrottle throttle, int maxFailedAttempts, Duration lockoutDuration) {
		this.attempts = attempts;
		this.throttle = throttle;
		this.maxFailedAttempts = maxFailedAttempts;
		this.lockoutDuration = lockoutDuration;
	}

	/**
	 * Counts an attempt against the throttle.
	 * @param address the client's address, {@code null} when unknown
	 * @param account the account or name the attempt is for, {@code null} when none
	 * @param now the time
	 * @return the refusal when the attempt must wait, {@code null} when it may go on
	 */
	@Nullable SignInResult throttled(@Nullable String address, @Nullable String account, Instant now) {
		SignInThrottle.Wait wait = this.throttle.attempt(address, account, now);
		return (wait != null) ? SignInResult.throttled(wait.retryAfter(), wait.byAccount()) : null;
	}

	/**
	 * Whether a subject is locked out, by failures or by whoever set the account's
	 * lockout end.
	 * @param subject the account or name
	 * @param setLockoutEnd the lockout end the account's record carries, if any
	 * @param now the time
	 * @return whether it is
	 */
	boolean isLockedOut(Subject subject, @Nullable OffsetDateTime setLockoutEnd, Instant now) {
		if (setLockoutEnd != null && setLockoutEnd.toInstant().isAfter(now)) {
			return true;
		}
		Instant end = this.attempts.lockedUntil(subject);
		return end != null && end.isAfter(now);
	}

	/**
	 * Counts a wrong secret.
	 * @param subject the account or name
	 * @param now the time
	 * @return whether the subject is locked out now
	 */
	boolean failed(Subject subject, Instant now) {
		this.attempts.failed(subject, now, this.maxFailedAttempts, now.plus(this.lockoutDuration));
		return isLockedOut(subject, null, now);
	}

	/**
	 * Starts the count of a subject again after its secrets were right.
	 * @param subject the account or name
	 */
	void succeeded(Subject subject) {
		this.attempts.succeeded(subject);
	}

	/**
	 * The throttle's key for a sign-in: the tenancy and the name as typed.
	 * @param tenancyName the tenancy, if any
	 * @param userNameOrEmailAddress the name, if any
	 * @return the key, {@code null} when no name was given
	 */
	static @Nullable String accountKey(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress) {
		if (userNameOrEmailAddress == null || userNameOrEmailAddress.isBlank()) {
			return null;
		}
		return ((tenancyName != null) ? tenancyName.trim() : "") + "/" + userNameOrEmailAddress.trim();
	}

	/**
	 * The throttle's key for what names an account by its id.
	 * @param userId the account
	 * @return the key
	 */
	static String accountKey(long userId) {
		return "#" + userId;
	}

}
