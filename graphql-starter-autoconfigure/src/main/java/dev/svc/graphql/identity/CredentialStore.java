package dev.svc.graphql.identity;

import java.time.Instant;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * What signing in reads and writes, kept apart from the {@link IdentityStore} as Spring
 * Security keeps {@code UserDetailsService} and {@code UserDetailsPasswordService}, with
 * the same user ids. The default uses the {@code svc_*} tables, beside the module's own
 * identity store only: a host keeping its identity elsewhere declares this bean, or has
 * no sign-in. The writes default to a read-only store's: no hash upgrades, and users who
 * must change their passwords cannot sign in.
 */
public interface CredentialStore {

	/**
	 * A tenant's user's sign-in data, by user name or e-mail address.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param userNameOrEmailAddress the user name or the e-mail address, case-insensitive
	 * @return the credentials, if the user exists
	 */
	Optional<UserCredentials> findCredentials(@Nullable Integer tenantId, String userNameOrEmailAddress);

	/**
	 * Replaces a password hash by a stronger one of the same password after a sign-in;
	 * nothing a password change ends (sessions, tokens) may end.
	 * @param userId the user
	 * @param currentHash the hash the sign-in checked; a hash changed since is kept
	 * @param upgradedHash the new hash of the same password
	 * @return whether the hash was replaced
	 */
	default boolean upgradePasswordHash(long userId, String currentHash, String upgradedHash) {
		return false;
	}

	/**
	 * Keeps a one-time reset code's digest for a user who must change its password,
	 * replacing any earlier one.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param expiry when the code stops working
	 * @return whether the code is kept
	 */
	default boolean savePasswordResetCode(long userId, String codeDigest, Instant expiry) {
		return false;
	}

	/**
	 * The sign-in data of the user a reset code was issued to, while the code works.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param now the time
	 * @return the credentials, if the user has that code unexpired
	 */
	default Optional<UserCredentials> findCredentialsByResetCode(long userId, String codeDigest, Instant now) {
		return Optional.empty();
	}

	/**
	 * Sets a new password with a reset code, once: the code stops working, the user need
	 * no longer change its password, and its failed sign-ins are forgotten.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param now the time
	 * @param passwordHash the new password's hash
	 * @return whether the code still worked and the password was set
	 */
	default boolean resetPassword(long userId, String codeDigest, Instant now, String passwordHash) {
		return false;
	}

}
