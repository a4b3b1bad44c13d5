package dev.svc.graphql.signin.password;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.function.Supplier;

import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import org.jspecify.annotations.Nullable;

/**
 * The one budget every check of a secret spends from, whatever the path: a password (at
 * sign-in or to confirm a change), a two-factor code (at sign-in or to turn it on or
 * off), a password reset code. Each client address, and each account whatever the
 * address, may make so many attempts per window; an account (or name of no account) is
 * locked out after so many failures in a row. A lockout refuses new sign-ins only, so
 * that whoever knows a user's name cannot sign that user out by failing on purpose.
 */
public final class AttemptBudget {

	/** What a locked-out account is told, by every check of a secret. */
	public static final String LOCKED_OUT = "The user account has been locked out. Please try again later.";

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
	 * Counts an attempt; the account is worked out only when the address may make it, so
	 * that an address past its limit costs no look-up.
	 * @param address the client's address
	 * @param account the account's key, worked out when needed
	 * @param now the time
	 * @return the refusal, {@code null} when the attempt may be made
	 */
	public @Nullable SignInResult throttled(@Nullable String address, Supplier<@Nullable String> account, Instant now) {
		SignInThrottle.Wait wait = this.throttle.attempt(address, account);
		return (wait != null) ? SignInResult.throttled(wait.retryAfter(), wait.byAccount()) : null;
	}

	/**
	 * Locked out by failures, or by a lockout end set on the account's record.
	 * @param subject the account or name
	 * @param setLockoutEnd the lockout end on the account's record, if any
	 * @param now the time
	 * @return whether the subject may not sign in now
	 */
	public boolean isLockedOut(Subject subject, @Nullable OffsetDateTime setLockoutEnd, Instant now) {
		if (setLockoutEnd != null && setLockoutEnd.toInstant().isAfter(now)) {
			return true;
		}
		Instant end = this.attempts.lockedUntil(subject);
		return end != null && end.isAfter(now);
	}

	/**
	 * Counts a wrong secret: the lockout rule, the one place it is written (the store
	 * keeps the counts).
	 * @param subject the account or name
	 * @param now the time
	 * @return {@code true} when the subject is locked out now
	 */
	public boolean failed(Subject subject, Instant now) {
		return this.attempts.failed(subject, now) >= this.maxFailedAttempts
				&& this.attempts.lockOut(subject, now.plus(this.lockoutDuration));
	}

	/**
	 * Counts a right secret: the failures in a row start again.
	 * @param subject the account or name
	 */
	public void succeeded(Subject subject) {
		this.attempts.succeeded(subject);
	}

	/**
	 * An account as typed, the key its attempts are throttled by.
	 * @param tenancyName the tenant's name
	 * @param userNameOrEmailAddress the name typed
	 * @return the key, {@code null} when no name was typed
	 */
	public static @Nullable String accountKey(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress) {
		if (userNameOrEmailAddress == null || userNameOrEmailAddress.isBlank()) {
			return null;
		}
		return ((tenancyName != null) ? tenancyName.trim() : "") + "/" + userNameOrEmailAddress.trim();
	}

	/**
	 * An account, whatever name it was typed as.
	 * @param userId the account's user
	 * @return the key its attempts are throttled by
	 */
	public static String accountKey(long userId) {
		return "#" + userId;
	}

}
