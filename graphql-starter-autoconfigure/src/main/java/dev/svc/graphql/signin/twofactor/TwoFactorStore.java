package dev.svc.graphql.signin.twofactor;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What two-factor sign-in keeps: authenticator app secrets, open second steps and the
 * codes sent for them, and the clients that may skip the second step for a while. Codes
 * and client tokens are given as digests. A change of the secret or of two-factor sign-in
 * on or off forgets the user's remembered clients. The module's default keeps it in its
 * tables; without a bean of this type nobody is asked for a second factor.
 */
public interface TwoFactorStore {

	/**
	 * A user's two-factor settings.
	 * @param userId the user
	 * @return the settings, empty if there is no such user
	 */
	Optional<TwoFactorAccount> find(long userId);

	/**
	 * Sets a user's authenticator app secret; unless it and the setting stay as they
	 * were, the user's remembered clients are forgotten.
	 * @param userId the user
	 * @param authenticatorKey the secret in Base32, {@code null} to remove it
	 * @param enabled whether the user's sign-ins ask for a second factor
	 */
	void saveAuthenticatorKey(long userId, @Nullable String authenticatorKey, boolean enabled);

	/**
	 * Takes a time step of the authenticator app as used, if no later or equal step was:
	 * a code works once.
	 * @param userId the user
	 * @param step the step whose code was typed
	 * @return whether the step was not used before
	 */
	boolean useAuthenticatorStep(long userId, long step);

	/**
	 * Opens, or reopens, the second step of a user's sign-in after it gave its password.
	 * @param userId the user
	 * @param expiry when the step closes, whatever codes are sent meanwhile
	 */
	void openSecondStep(long userId, Instant expiry);

	/**
	 * When a user's open second step closes.
	 * @param userId the user
	 * @param now the time
	 * @return the step's end, {@code null} when none is open
	 */
	@Nullable Instant secondStepExpiry(long userId, Instant now);

	/**
	 * Closes a user's second step after it was taken: the codes sent for it stop working.
	 * @param userId the user
	 * @param now the time
	 */
	void closeSecondStep(long userId, Instant now);

	/**
	 * Keeps a code sent for a user's open second step; earlier codes keep working.
	 * @param userId the user
	 * @param provider how it was sent ({@code Email}, {@code Phone})
	 * @param codeDigest the code's SHA-256 digest in hex
	 * @param sentTime when it was sent
	 * @param expiry when it stops working: the end of the second step
	 */
	void saveSentCode(long userId, String provider, String codeDigest, Instant sentTime, Instant expiry);

	/**
	 * When the codes sent to a user since a time were sent, used or not.
	 * @param userId the user
	 * @param since the earliest time of interest
	 * @return the times, oldest first
	 */
	List<Instant> sentCodeTimes(long userId, Instant since);

	/**
	 * Uses a code sent to a user, once.
	 * @param userId the user
	 * @param codeDigest the digest of the code typed
	 * @param now the time
	 * @return whether the code was sent to the user and neither used nor expired
	 */
	boolean useSentCode(long userId, String codeDigest, Instant now);

	/**
	 * Lets a client skip the second step of a user's sign-ins until a time, while the
	 * user's password and authenticator secret stay what they are now.
	 * @param tokenDigest the digest of the token the client keeps
	 * @param userId the user
	 * @param now the time
	 * @param expiry until when
	 */
	void rememberClient(String tokenDigest, long userId, Instant now, Instant expiry);

	/**
	 * Whether a client may skip the second step of a user's sign-in: it was remembered
	 * for that user, has not expired, and the user (and its tenant) is active with the
	 * password and the authenticator secret it had then. One that may not any more is
	 * forgotten.
	 * @param tokenDigest the digest of the token the client sent
	 * @param userId the user
	 * @param now the time
	 * @return whether the client may skip the second step
	 */
	boolean isRememberedClient(String tokenDigest, long userId, Instant now);

	/**
	 * The clients that may skip the second step of a user's sign-ins, by the rule of
	 * {@link #isRememberedClient}; the others are forgotten.
	 * @param userId the user
	 * @param now the time
	 * @return the clients, the latest remembered first
	 */
	List<RememberedClient> rememberedClients(long userId, Instant now);

	/**
	 * Forgets one of a user's remembered clients: it takes the second step again.
	 * @param userId the user
	 * @param clientId the client's {@link RememberedClient#id()}
	 * @return whether the user had that client
	 */
	boolean forgetClient(long userId, long clientId);

	/**
	 * Forgets every remembered client of a user: for a host that deactivates users, or
	 * changes their passwords, by paths of its own.
	 * @param userId the user
	 */
	void forgetClients(long userId);

	/**
	 * The two-factor data in the module's tables.
	 * @param dataSource the database of the module's identity store
	 * @param encryptionKey the key the authenticator secrets are encrypted with,
	 * {@code null} to keep them as they are
	 * @return the store
	 */
	static TwoFactorStore jdbc(DataSource dataSource, @Nullable String encryptionKey) {
		return new JdbcTwoFactorStore(JdbcClient.create(dataSource), new SecretEncryption(encryptionKey));
	}

	/**
	 * A client that skips the second step of its user's sign-ins.
	 *
	 * @param id its id, by which its user forgets it
	 * @param rememberedTime when it was remembered
	 * @param expiry until when it skips the second step
	 */
	record RememberedClient(long id, Instant rememberedTime, Instant expiry) {
	}

	/**
	 * A user's two-factor settings.
	 *
	 * @param userId the user
	 * @param enabled whether its sign-ins ask for a second factor
	 * @param authenticatorKey the authenticator app's secret in Base32, {@code null} when
	 * none is set up
	 * @param emailAddress where e-mailed codes go, {@code null} unless confirmed
	 * @param phoneNumber where texted codes go, {@code null} when none
	 */
	record TwoFactorAccount(long userId, boolean enabled, @Nullable String authenticatorKey,
			@Nullable String emailAddress, @Nullable String phoneNumber) {
	}

}
