package dev.svc.graphql.signin.store;

import java.time.Instant;

import org.jspecify.annotations.Nullable;

/**
 * Failed sign-ins in a row and the lockouts they lead to, of accounts and of names of no
 * account alike, so that a lockout tells nobody whether an account exists. The module's
 * default keeps them in its tables; declare a bean of this type to keep them elsewhere.
 */
public interface SignInAttempts {

	/**
	 * Until when a subject is locked out.
	 * @param subject who tried to sign in
	 * @return the end of its lockout, {@code null} when it is not locked out (an end in
	 * the past is no lockout either)
	 */
	@Nullable Instant lockedUntil(Subject subject);

	/**
	 * Counts a failed sign-in, and locks the subject out when it is the last one allowed.
	 * @param subject who tried to sign in
	 * @param now the time of the attempt
	 * @param maxFailedAttempts the failures in a row that lock the subject out
	 * @param lockoutEnd the end of the lockout, should this failure start one
	 */
	void failed(Subject subject, Instant now, int maxFailedAttempts, Instant lockoutEnd);

	/**
	 * Starts the count again, and ends a lockout of a name of no account: after a
	 * successful sign-in, or a new secret (a new password reset code) whose guesses count
	 * afresh.
	 * @param subject who signed in, or whose secret is new
	 */
	void succeeded(Subject subject);

	/**
	 * Who tries to sign in: an account, or a name that belongs to none.
	 *
	 * @param tenantId the tenant, {@code null} for the host
	 * @param userId the account, {@code null} when the name belongs to none
	 * @param login the name or e-mail address as typed, trimmed
	 */
	record Subject(@Nullable Integer tenantId, @Nullable Long userId, String login) {

		/**
		 * Whether the name belongs to an account.
		 * @return {@code true} for an account
		 */
		public boolean isAccount() {
			return this.userId != null;
		}

	}

}
