package dev.svc.graphql.signin.reset;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.signin.password.SignInChecks;
import org.jspecify.annotations.Nullable;

/**
 * Sets a new password for a user who must change it, with the code its sign-in answered.
 */
public interface PasswordResetService {

	/**
	 * Sets a new password with a reset code, which works once and until it expires.
	 * @param userId the user
	 * @param resetCode the code
	 * @param newPassword the new password, which must meet the password policy
	 * @param clientIpAddress the caller's address for the throttle and audit, or null
	 * @return the outcome, with what is wrong when the password was not set
	 */
	PasswordResetResult resetPassword(long userId, @Nullable String resetCode, @Nullable String newPassword,
			@Nullable String clientIpAddress);

	/**
	 * Sets a new password with the digest of a reset code (SHA-256 of its UTF-8 bytes,
	 * lower-case hex) instead of the code, as the cookie sign-in's form flow keeps it in
	 * the session. A service of the host's own that does not implement it refuses every
	 * such code, so a user who must change its password does that through the JSON flows.
	 * @param userId the user
	 * @param resetCodeDigest the code's digest
	 * @param newPassword the new password, which must meet the password policy
	 * @param clientIpAddress the caller's address for the throttle and audit, or null
	 * @return the outcome, with what is wrong when the password was not set
	 */
	default PasswordResetResult resetPasswordWithCodeDigest(long userId, String resetCodeDigest,
			@Nullable String newPassword, @Nullable String clientIpAddress) {
		return PasswordResetResult.invalidCode();
	}

	/**
	 * The module's service.
	 * @param credentials the users' credentials
	 * @param checks the checks every secret shares
	 * @param minLength the shortest password the policy takes
	 * @return the service
	 */
	static PasswordResetService create(CredentialStore credentials, SignInChecks checks, int minLength) {
		return new DefaultPasswordResetService(credentials, checks.passwordEncoder(), checks.budget(),
				checks.resetCodes(), new PasswordPolicy(minLength), checks.audit(), checks.clock());
	}

}
