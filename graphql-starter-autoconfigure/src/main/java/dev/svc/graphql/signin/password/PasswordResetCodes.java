package dev.svc.graphql.signin.password;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * One-time codes to set a new password with, kept as digests only. A code's wrong guesses
 * are counted apart from its account's failures, so that knowing a user's id does not let
 * anyone lock the account. The password check issues them, password reset
 * ({@code signin.reset}) redeems them.
 */
public final class PasswordResetCodes {

	private static final Log logger = LogFactory.getLog(PasswordResetCodes.class);

	/** 128 random bits: a reset code cannot be guessed within its lifetime. */
	private static final int CODE_BYTES = 16;

	/**
	 * How long a reset code works: time to choose a password, not to come back tomorrow.
	 */
	static final Duration LIFETIME = Duration.ofMinutes(10);

	private final CredentialStore credentials;

	private final AttemptBudget budget;

	private final Duration lifetime;

	private final SecureRandom random = new SecureRandom();

	PasswordResetCodes(CredentialStore credentials, AttemptBudget budget, Duration lifetime) {
		this.credentials = credentials;
		this.budget = budget;
		this.lifetime = lifetime;
	}

	/**
	 * Issues the code of a user who proved who it is but must change its password,
	 * instead of a session; a new code gets the full count of guesses.
	 * @param user the user, signed in by a password or a passkey
	 * @param now the time
	 * @return the refusal that carries the code
	 */
	public SignInResult issue(SignedInUser user, Instant now) {
		String code = newCode();
		if (!this.credentials.savePasswordResetCode(user.userId(), Sha256.hex(code), now.plus(this.lifetime))) {
			logger.warn("User " + user.userId() + " must change its password, but the credential store keeps no reset"
					+ " codes: implement CredentialStore.savePasswordResetCode and the reset methods");
			return SignInResult.failure(Outcome.INACTIVE_USER, "User " + user.userName()
					+ " must change its password, which this application does not offer. Ask an administrator.");
		}
		this.budget.succeeded(guesses(user.userId()));
		return SignInResult.passwordChangeRequired(user, code);
	}

	/**
	 * Voids a user's code: replaced by one nobody knows, expired already.
	 * @param userId the user
	 * @param now the time
	 */
	public void voidCode(long userId, Instant now) {
		this.credentials.savePasswordResetCode(userId, Sha256.hex(newCode()), now);
	}

	/**
	 * What a user's code's wrong guesses are counted as: a name no sign-in can give, as
	 * sign-in input refuses control characters.
	 * @param userId the user
	 * @return the subject of the guesses
	 */
	public static Subject guesses(long userId) {
		return new Subject(null, null, "\u001freset-code#" + userId);
	}

	private String newCode() {
		byte[] bytes = new byte[CODE_BYTES];
		this.random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

}
