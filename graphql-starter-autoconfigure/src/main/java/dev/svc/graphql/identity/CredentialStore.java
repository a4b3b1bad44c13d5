package dev.svc.graphql.identity;

import java.time.Instant;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

/**
 * The credential side of the identity data: what signing in reads and writes, apart from
 * what queries read ({@link IdentityStore}), as Spring Security keeps
 * {@code UserDetailsService} and {@code UserDetailsPasswordService} apart. It names the
 * users of the {@link IdentityStore} in use, by the same ids. The module's default keeps
 * the credentials in its {@code svc_*} tables, beside its own identity store only: a host
 * that keeps its identity data elsewhere declares a bean of this type to sign its users
 * in, and without one the module offers no sign-in. The few writes have defaults for a
 * read-only store: a hash is then never upgraded, and a user who must change its password
 * cannot sign in.
 */
public interface CredentialStore {

	/**
	 * The sign-in data of a user of a tenant, found by user name or e-mail address.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param userNameOrEmailAddress the user name or the e-mail address, case-insensitive
	 * @return the credentials, if the user exists
	 */
	Optional<UserCredentials> findCredentials(@Nullable Integer tenantId, String userNameOrEmailAddress);

	/**
	 * Replaces a user's password hash by a stronger hash of the same password, after a
	 * successful sign-in. The password stays the same, so nothing that a password change
	 * ends (sessions, tokens) may end. A store that cannot write keeps the hash it has.
	 * @param userId the user
	 * @param currentHash the hash the sign-in checked; a hash changed since is left as it
	 * is
	 * @param upgradedHash the new hash of the same password
	 * @return whether the hash was replaced
	 */
	default boolean upgradePasswordHash(long userId, String currentHash, String upgradedHash) {
		return false;
	}

	/**
	 * Keeps the digest of a one-time password reset code for a user who must change its
	 * password, replacing any earlier code of the user.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param expiry when the code stops working
	 * @return whether the code is kept; by default a store keeps none, and its users who
	 * must change their passwords cannot sign in
	 */
	default boolean savePasswordResetCode(long userId, String codeDigest, Instant expiry) {
		return false;
	}

	/**
	 * The sign-in data of the user a password reset code was issued to, while the code
	 * works.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param now the time
	 * @return the credentials, if the user has that code and it has not expired
	 */
	default Optional<UserCredentials> findCredentialsByResetCode(long userId, String codeDigest, Instant now) {
		return Optional.empty();
	}

	/**
	 * Sets a new password with a reset code, once: the code stops working, the user no
	 * longer must change its password, and its failed sign-ins are forgotten.
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
