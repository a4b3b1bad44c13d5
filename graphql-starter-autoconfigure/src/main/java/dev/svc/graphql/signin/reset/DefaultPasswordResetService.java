package dev.svc.graphql.signin.reset;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.password.AttemptBudget;
import dev.svc.graphql.signin.password.PasswordResetCodes;
import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import dev.svc.graphql.signin.password.SignInAudit;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInInput.Problem;
import dev.svc.graphql.signin.password.SignInResult;
import org.jspecify.annotations.Nullable;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Sets a new password with a reset code; a wrong code counts against the code, not the
 * account.
 */
final class DefaultPasswordResetService implements PasswordResetService {

	private final CredentialStore credentials;

	private final PasswordEncoder passwordEncoder;

	private final AttemptBudget budget;

	private final PasswordResetCodes codes;

	private final PasswordPolicy policy;

	private final SignInAudit audit;

	private final Clock clock;

	DefaultPasswordResetService(CredentialStore credentials, PasswordEncoder passwordEncoder, AttemptBudget budget,
			PasswordResetCodes codes, PasswordPolicy policy, SignInAudit audit, Clock clock) {
		this.credentials = credentials;
		this.passwordEncoder = passwordEncoder;
		this.budget = budget;
		this.codes = codes;
		this.policy = policy;
		this.audit = audit;
		this.clock = clock;
	}

	@Override
	public PasswordResetResult resetPassword(long userId, @Nullable String resetCode, @Nullable String newPassword,
			@Nullable String clientIpAddress) {
		return reset(userId, resetCode, false, newPassword, clientIpAddress);
	}

	@Override
	public PasswordResetResult resetPasswordWithCodeDigest(long userId, String resetCodeDigest,
			@Nullable String newPassword, @Nullable String clientIpAddress) {
		return reset(userId, resetCodeDigest, true, newPassword, clientIpAddress);
	}

	private PasswordResetResult reset(long userId, @Nullable String resetCode, boolean digest,
			@Nullable String newPassword, @Nullable String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Instant now = start.toInstant();
		SignInResult throttled = this.budget.throttled(clientIpAddress, () -> AttemptBudget.accountKey(userId), now);
		if (throttled != null) {
			return refused(userId, PasswordResetResult.throttled(throttled), start, clientIpAddress);
		}
		if (resetCode == null || resetCode.isBlank()) {
			return refused(userId,
					PasswordResetResult
						.invalidInput(List.of(new Problem("resetCode", "The resetCode field is required."))),
					start, clientIpAddress);
		}
		// as many wrong guesses as a lockout takes void the code
		Subject guesses = PasswordResetCodes.guesses(userId);
		if (this.budget.isLockedOut(guesses, null, now)) {
			return audited(null, userId, PasswordResetResult.invalidCode(), start, clientIpAddress);
		}
		String codeDigest = digest ? resetCode : Sha256.hex(resetCode);
		Optional<UserCredentials> found = (resetCode.length() > SignInInput.MAX_LOGIN_LENGTH) ? Optional.empty()
				: this.credentials.findCredentialsByResetCode(userId, codeDigest, now);
		if (found.isEmpty()) {
			if (this.budget.failed(guesses, now)) {
				this.codes.voidCode(userId, now);
			}
			return audited(null, userId, PasswordResetResult.invalidCode(), start, clientIpAddress);
		}
		UserCredentials user = found.get();
		return audited(user.tenantId(), userId, setPassword(user, codeDigest, newPassword, now), start,
				clientIpAddress);
	}

	private PasswordResetResult refused(long userId, PasswordResetResult refusal, OffsetDateTime start,
			@Nullable String clientIpAddress) {
		return this.audit.recordsRefusal(clientIpAddress, start)
				? audited(null, userId, refusal, start, clientIpAddress) : refusal;
	}

	private PasswordResetResult audited(@Nullable Integer tenantId, long userId, PasswordResetResult result,
			OffsetDateTime start, @Nullable String clientIpAddress) {
		this.audit.reset(tenantId, userId, result.outcome() == PasswordResetResult.Outcome.RESET, result.outcome(),
				result.message(), start, clientIpAddress);
		return result;
	}

	private PasswordResetResult setPassword(UserCredentials user, String codeDigest, @Nullable String newPassword,
			Instant now) {
		List<Problem> problems = new ArrayList<>();
		this.policy.problems(newPassword, user)
			.forEach((problem) -> problems.add(new Problem(PasswordPolicy.FIELD, problem)));
		if (problems.isEmpty() && newPassword != null
				&& this.passwordEncoder.matches(newPassword, user.passwordHash())) {
			problems.add(new Problem(PasswordPolicy.FIELD, "The new password must not be the current one."));
		}
		if (newPassword == null || !problems.isEmpty()) {
			return PasswordResetResult.invalidInput(problems);
		}
		if (!this.credentials.resetPassword(user.userId(), codeDigest, now, this.passwordEncoder.encode(newPassword))) {
			return PasswordResetResult.invalidCode();
		}
		this.budget.succeeded(new Subject(user.tenantId(), user.userId(), user.userName()));
		return PasswordResetResult.reset(user.userName());
	}

}
