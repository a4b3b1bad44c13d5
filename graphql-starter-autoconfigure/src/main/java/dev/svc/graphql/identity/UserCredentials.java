package dev.svc.graphql.identity;

import java.time.OffsetDateTime;

import dev.svc.graphql.Sha256;
import org.jspecify.annotations.Nullable;

/**
 * What signing a user in needs to know.
 *
 * @param userId the user's id
 * @param tenantId its tenant, {@code null} for the host
 * @param userName the sign-in name
 * @param passwordHash the encoded password, with its {@code {id}} prefix
 * @param isActive whether the user may sign in
 * @param lockoutEndDate until when the user is locked out, {@code null} when not
 * @param shouldChangePassword whether the user must change its password to sign in
 */
public record UserCredentials(long userId, @Nullable Integer tenantId, String userName, String passwordHash,
		boolean isActive, @Nullable OffsetDateTime lockoutEndDate, boolean shouldChangePassword) {

	/**
	 * What a session keeps of the password hash: enough to see it change, nothing that
	 * helps to guess the password.
	 * @param passwordHash the encoded password
	 * @return the hash's SHA-256 digest, in hexadecimal
	 */
	public static String passwordStamp(String passwordHash) {
		return Sha256.hex(passwordHash);
	}

}
