package dev.svc.graphql.signin.passkey;

import com.webauthn4j.verifier.exception.BadChallengeException;
import com.webauthn4j.verifier.exception.BadOriginException;
import com.webauthn4j.verifier.exception.BadRpIdException;
import com.webauthn4j.verifier.exception.BadSignatureException;
import com.webauthn4j.verifier.exception.MaliciousCounterValueException;
import com.webauthn4j.verifier.exception.VerificationException;

/**
 * A passkey ceremony that did not succeed, with the reason its audit record keeps and
 * what to tell the user.
 */
final class PasskeyRefusal extends RuntimeException {

	static final String NOT_ACCEPTED = "This passkey was not accepted.";

	static final String UNKNOWN_CHALLENGE = "The passkey answered no challenge of this server that is still open:"
			+ " start again.";

	private final Reason reason;

	private final String message;

	PasskeyRefusal(Reason reason, String message) {
		super(message);
		this.reason = reason;
		this.message = message;
	}

	@Override
	public String getMessage() {
		return this.message;
	}

	Reason reason() {
		return this.reason;
	}

	static PasskeyRefusal of(VerificationException ex) {
		Reason reason = (ex instanceof BadOriginException) ? Reason.WRONG_ORIGIN
				: (ex instanceof BadRpIdException) ? Reason.WRONG_RELYING_PARTY
						: (ex instanceof BadChallengeException) ? Reason.UNKNOWN_CHALLENGE
								: (ex instanceof BadSignatureException) ? Reason.BAD_SIGNATURE
										: (ex instanceof MaliciousCounterValueException) ? Reason.COUNTER_NOT_INCREASED
												: Reason.NOT_VERIFIED;
		return new PasskeyRefusal(reason, NOT_ACCEPTED);
	}

	/** Why a ceremony was refused, as the audit log keeps it. */
	enum Reason {

		/** The body was no credential. */
		INVALID_REQUEST,
		/** The challenge was never issued, expired, or was taken already: a replay. */
		UNKNOWN_CHALLENGE,
		/** The page was of an origin not allowed. */
		WRONG_ORIGIN,
		/** The passkey is of another relying party. */
		WRONG_RELYING_PARTY,
		/** The signature is not the passkey's. */
		BAD_SIGNATURE,
		/** The signature counter did not go up: a cloned authenticator or a replay. */
		COUNTER_NOT_INCREASED,
		/** No passkey has the credential id (it may have been removed). */
		UNKNOWN_PASSKEY,
		/** The answer's user handle is not the passkey's user's. */
		USER_HANDLE_MISMATCH,
		/**
		 * The user has two-factor sign-in on, and the authenticator did not verify its
		 * user.
		 */
		USER_NOT_VERIFIED,
		/** The passkey's user is of another tenant than the request's tenant header. */
		OTHER_TENANT,
		/** Another check of the answer failed. */
		NOT_VERIFIED

	}

}
