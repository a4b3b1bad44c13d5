package dev.svc.graphql.signin.passkey;

import com.webauthn4j.verifier.exception.BadChallengeException;
import com.webauthn4j.verifier.exception.BadOriginException;
import com.webauthn4j.verifier.exception.BadRpIdException;
import com.webauthn4j.verifier.exception.BadSignatureException;
import com.webauthn4j.verifier.exception.MaliciousCounterValueException;
import com.webauthn4j.verifier.exception.UserNotVerifiedException;
import com.webauthn4j.verifier.exception.VerificationException;

/**
 * A passkey ceremony that did not succeed, with the reason its audit record keeps and
 * what to tell the user.
 */
final class PasskeyRefusal extends RuntimeException {

	static final String NOT_ACCEPTED = "This passkey was not accepted.";

	static final String USER_NOT_VERIFIED = "This passkey did not check that it is you: use a passkey that checks"
			+ " it is you (PIN or biometrics), or your password.";

	static final String UNKNOWN_CHALLENGE = "The passkey answered no challenge of this server that is still open:"
			+ " start again.";

	static final String MALFORMED_ASSERTION = "The credential's response.authenticatorData must be the authenticator's"
			+ " data, base64url-encoded: the relying party id's SHA-256 hash, the flags and the signature counter"
			+ " (37 bytes or more), as the browser gives it.";

	static final String MALFORMED_ATTESTATION = "The credential's response.attestationObject must be the"
			+ " authenticator's attestation object, base64url-encoded: a CBOR map of fmt (\"none\", \"packed\" and the"
			+ " other WebAuthn formats), attStmt and authData with the new credential, as the browser gives it.";

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
		if (ex instanceof UserNotVerifiedException) {
			return new PasskeyRefusal(Reason.USER_NOT_VERIFIED, USER_NOT_VERIFIED);
		}
		Reason reason = (ex instanceof BadOriginException) ? Reason.WRONG_ORIGIN
				: (ex instanceof BadRpIdException) ? Reason.WRONG_RELYING_PARTY
						: (ex instanceof BadChallengeException) ? Reason.UNKNOWN_CHALLENGE
								: (ex instanceof BadSignatureException) ? Reason.BAD_SIGNATURE
										: (ex instanceof MaliciousCounterValueException) ? Reason.COUNTER_NOT_INCREASED
												: Reason.NOT_VERIFIED;
		return new PasskeyRefusal(reason, NOT_ACCEPTED);
	}

	/**
	 * A credential whose bytes webauthn4j could not read (its
	 * {@code DataConversionException}, its CBOR reader's exceptions) or refused otherwise
	 * than by a failed check: an invalid request, which counts as a wrong answer does.
	 * @param ex what was thrown
	 * @param message what the client is told
	 * @return the refusal, of an invalid request
	 */
	static PasskeyRefusal malformed(RuntimeException ex, String message) {
		return new PasskeyRefusal(Reason.INVALID_REQUEST, message);
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
		/** The authenticator did not verify its user (PIN or biometrics). */
		USER_NOT_VERIFIED,
		/** The passkey's user is of another tenant than the request's tenant header. */
		OTHER_TENANT,
		/** Another check of the answer failed. */
		NOT_VERIFIED

	}

}
