package dev.svc.graphql.signin.passkey;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.password.AttemptBudget;
import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import dev.svc.graphql.signin.password.SignInAudit;
import dev.svc.graphql.signin.password.SignInChecks;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import dev.svc.graphql.signin.session.ActiveSessions;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

/**
 * A signed-in user's passkeys: added and removed with the password given again, as
 * turning two-factor sign-in on or off asks it, each wrong one counted toward the
 * account's lockout and the client's throttle as a wrong sign-in is; each change, and
 * each attempt, audited.
 */
final class PasskeyRegistrations {

	static final String REGISTER = "RegisterPasskey";

	static final String REMOVE = "RemovePasskey";

	private static final String WRONG_PASSWORD = "The password is not right.";

	private final PasskeyCeremonies ceremonies;

	private final CredentialStore credentials;

	private final SignInChecks checks;

	private final ActiveSessions sessions;

	private final Clock clock;

	PasskeyRegistrations(PasskeyCeremonies ceremonies, CredentialStore credentials, SignInChecks checks,
			ActiveSessions sessions, Clock clock) {
		this.ceremonies = ceremonies;
		this.credentials = credentials;
		this.checks = checks;
		this.sessions = sessions;
		this.clock = clock;
	}

	String options(SignedInUser user, HttpServletRequest request) {
		return this.ceremonies.registrationOptions(user, request);
	}

	List<JdbcPasskeyStore.Passkey> passkeys(SignedInUser user) {
		return this.ceremonies.store().passkeys(user.userId());
	}

	/**
	 * Registers the passkey the browser made, when the password is right.
	 * @param user the user
	 * @param password the password, given again
	 * @param label the passkey's name
	 * @param credentialJson the browser's credential
	 * @param request the request
	 * @return the outcome
	 * @throws PasskeyRefusal when the password was right but the credential is not good
	 */
	SignInResult register(SignedInUser user, @Nullable String password, String label, String credentialJson,
			HttpServletRequest request) {
		return change(REGISTER, user, password, request, () -> {
			this.ceremonies.register(user, credentialJson, label, request);
			return true;
		});
	}

	/**
	 * Removes one of the user's passkeys, when the password is right.
	 * @param user the user
	 * @param password the password, given again
	 * @param passkeyId the passkey
	 * @param request the request
	 * @return the outcome; {@link Outcome#TWO_FACTOR_UNCHANGED} when the user has no such
	 * passkey. The user's other sessions (tokens and cookies) end with it.
	 */
	SignInResult remove(SignedInUser user, @Nullable String password, long passkeyId, HttpServletRequest request) {
		return change(REMOVE, user, password, request, () -> {
			if (!this.ceremonies.store().remove(user.userId(), passkeyId)) {
				return false;
			}
			// a lost device's passkey may have started any of them: all end but this one,
			// as the user who removes it gave the password again
			this.sessions.endOthers(user.userId(), user.sessionId());
			return true;
		});
	}

	private SignInResult change(String action, SignedInUser user, @Nullable String password, HttpServletRequest request,
			Supplier<Boolean> change) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Instant now = start.toInstant();
		String clientIp = ClientAddress.of(request);
		AttemptBudget budget = this.checks.budget();
		SignInAudit audit = this.checks.audit();
		SignInResult throttled = budget.throttled(clientIp, () -> AttemptBudget.accountKey(user.userId()), now);
		if (throttled != null) {
			if (audit.recordsRefusal(clientIp, start)) {
				audit.passkey(action, user.tenantId(), user.userId(), throttled.outcome(), null, throttled.message(),
						start, clientIp);
			}
			return throttled;
		}
		SignInResult result;
		PasskeyRefusal refusal = null;
		try {
			result = checkPassword(user, password, now);
			if (result.succeeded() && !change.get()) {
				result = SignInResult.failure(Outcome.TWO_FACTOR_UNCHANGED, "There is no such passkey of yours.");
			}
		}
		catch (PasskeyRefusal ex) {
			refusal = ex;
			result = SignInResult.failure(Outcome.INVALID_CREDENTIALS, ex.getMessage());
		}
		audit.passkey(action, user.tenantId(), user.userId(), result.outcome(),
				(refusal != null) ? refusal.reason() : null, result.message(), start, clientIp);
		if (refusal != null) {
			throw refusal;
		}
		return result;
	}

	private SignInResult checkPassword(SignedInUser user, @Nullable String password, Instant now) {
		Optional<UserCredentials> found = this.credentials.findCredentials(user.tenantId(), user.userName())
			.filter((credentials) -> credentials.userId() == user.userId());
		if (found.isEmpty()) {
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, "Current user did not login to the application!");
		}
		AttemptBudget budget = this.checks.budget();
		Subject subject = new Subject(user.tenantId(), user.userId(), user.userName());
		if (budget.isLockedOut(subject, found.get().lockoutEndDate(), now)) {
			return SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT);
		}
		if (password == null || password.length() > SignInInput.MAX_PASSWORD_LENGTH
				|| !this.checks.passwordEncoder().matches(password, found.get().passwordHash())) {
			return budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT)
					: SignInResult.failure(Outcome.INVALID_CREDENTIALS, WRONG_PASSWORD);
		}
		budget.succeeded(subject);
		return SignInResult.success(user, null);
	}

}
