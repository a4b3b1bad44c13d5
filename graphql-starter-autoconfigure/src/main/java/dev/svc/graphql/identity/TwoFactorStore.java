package dev.svc.graphql.identity;

import java.time.Instant;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * What two-factor sign-in keeps: each user's authenticator app secret and the last time step whose
 * code it accepted, the second step that a sign-in with the right password opened (and the code
 * sent for it by e-mail or SMS), and the clients that may skip the second step for a while. Codes
 * and client tokens are given as digests. The module's default keeps all of it in its tables;
 * without a bean of this type nobody is asked for a second factor.
 */
public interface TwoFactorStore {

	/**
	 * A user's two-factor settings.
	 * @param userId the user
	 * @return the settings, empty if there is no such user
	 */
	Optional<TwoFactorAccount> find(long userId);

	/**
	 * Sets a user's authenticator app secret.
	 * @param userId the user
	 * @param authenticatorKey the secret in Base32, {@code null} to remove it
	 * @param enabled whether the user's sign-ins ask for a second factor
	 */
	void saveAuthenticatorKey(long userId, @Nullable String authenticatorKey, boolean enabled);

	/**
	 * Takes a time step of the authenticator app as used, if no later or equal step was: a code
	 * works once.
	 * @param userId the user
	 * @param step the step whose code was typed
	 * @return whether the step was not used before
	 */
	boolean useAuthenticatorStep(long userId, long step);

	/**
	 * Opens (or replaces) the second step of a user's sign-in, with the digest of a code sent to
	 * the user, or none yet.
	 * @param userId the user
	 * @param provider how the code was sent ({@code Email}, {@code Phone}), {@code null} when none
	 * was
	 * @param codeDigest the code's SHA-256 digest in hex, {@code null} when none was sent
	 * @param expiry when the step closes
	 */
	void openSecondStep(long userId, @Nullable String provider, @Nullable String codeDigest, Instant expiry);

	/**
	 * Whether a user's second step is open.
	 * @param userId the user
	 * @param now the time
	 * @return whether a sign-in with the right password opened one that has not closed
	 */
	boolean isSecondStepOpen(long userId, Instant now);

	/**
	 * Closes a user's second step with the code sent for it, once.
	 * @param userId the user
	 * @param codeDigest the digest of the code typed
	 * @param now the time
	 * @return whether the code was the one sent and still worked
	 */
	boolean useSentCode(long userId, String codeDigest, Instant now);

	/**
	 * Lets a client skip the second step of a user's sign-ins until a time.
	 * @param tokenDigest the digest of the token the client keeps
	 * @param userId the user
	 * @param expiry until when
	 */
	void rememberClient(String tokenDigest, long userId, Instant expiry);

	/**
	 * Whether a client may skip the second step of a user's sign-in.
	 * @param tokenDigest the digest of the token the client sent
	 * @param userId the user
	 * @param now the time
	 * @return whether the token was remembered for that user and has not expired
	 */
	boolean isRememberedClient(String tokenDigest, long userId, Instant now);

	/**
	 * A user's two-factor settings.
	 *
	 * @param userId the user
	 * @param enabled whether its sign-ins ask for a second factor
	 * @param authenticatorKey the authenticator app's secret in Base32, {@code null} when none is
	 * set up
	 * @param emailAddress where e-mailed codes go, {@code null} unless confirmed
	 * @param phoneNumber where texted codes go, {@code null} when none
	 */
	record TwoFactorAccount(long userId, boolean enabled, @Nullable String authenticatorKey,
			@Nullable String emailAddress, @Nullable String phoneNumber) {
	}

}
