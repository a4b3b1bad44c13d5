package dev.svc.graphql.signin.password;

import java.time.Instant;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The counts of failed sign-ins in a row and the ends of lockouts, of accounts and of
 * names of no account alike, so that a lockout tells nobody whether an account exists. It
 * keeps counts only: when a count locks a subject out is the sign-in's rule. The module's
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
	 * Counts a failed sign-in, in one step that instances sharing the store count
	 * together.
	 * @param subject who tried to sign in
	 * @param now the time of the attempt
	 * @return the failures in a row since the last success or lockout, this one counted
	 */
	int failed(Subject subject, Instant now);

	/**
	 * Locks a subject out and starts its count again; an account whose own record forbids
	 * lockouts (as {@code svc_users.is_lockout_enabled} does) is left as it is.
	 * @param subject who tried to sign in
	 * @param end the end of the lockout
	 * @return whether the subject is locked out now
	 */
	boolean lockOut(Subject subject, Instant end);

	/**
	 * Starts the count again, and ends a lockout of a name of no account: after a
	 * successful sign-in, or a new secret (a new password reset code) whose guesses count
	 * afresh.
	 * @param subject who signed in, or whose secret is new
	 */
	void succeeded(Subject subject);

	/**
	 * The counts in the module's tables.
	 * @param dataSource the database of the module's identity store
	 * @return the store
	 */
	static SignInAttempts jdbc(DataSource dataSource) {
		return new JdbcSignInAttempts(JdbcClient.create(dataSource));
	}

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
