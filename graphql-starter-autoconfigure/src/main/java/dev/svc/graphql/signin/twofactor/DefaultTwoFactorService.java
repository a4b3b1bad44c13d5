package dev.svc.graphql.signin.twofactor;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Function;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.password.AttemptBudget;
import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import dev.svc.graphql.signin.password.SignInAudit;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import dev.svc.graphql.signin.twofactor.TwoFactorStore.TwoFactorAccount;
import org.jspecify.annotations.Nullable;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * A change of two-factor sign-in asks for the password again, then a code: each wrong one
 * counts as a failed sign-in of the user.
 */
final class DefaultTwoFactorService implements TwoFactorService {

	private static final String WRONG_PASSWORD = "The password is not right.";

	private final TwoFactorSignIn twoFactor;

	private final CredentialStore credentials;

	private final PasswordEncoder passwordEncoder;

	private final AttemptBudget budget;

	private final SignInAudit audit;

	private final Clock clock;

	DefaultTwoFactorService(TwoFactorSignIn twoFactor, CredentialStore credentials, PasswordEncoder passwordEncoder,
			AttemptBudget budget, SignInAudit audit, Clock clock) {
		this.twoFactor = twoFactor;
		this.credentials = credentials;
		this.passwordEncoder = passwordEncoder;
		this.budget = budget;
		this.audit = audit;
		this.clock = clock;
	}

	@Override
	public @Nullable Duration sendTwoFactorCode(long userId, @Nullable String provider,
			@Nullable String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		SignInResult throttled = this.budget.throttled(clientIpAddress, () -> null, start.toInstant());
		Duration wait = (throttled != null) ? throttled.retryAfter()
				: this.twoFactor.send(userId, provider, start.toInstant());
		if (wait == null || this.audit.recordsRefusal(clientIpAddress, start)) {
			this.audit.codeSend(userId, provider, wait == null, start, clientIpAddress);
		}
		return wait;
	}

	@Override
	public SignInResult enableAuthenticator(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress) {
		return change("EnableTwoFactor", user, password, code, clientIpAddress, (account) -> {
			if (account.enabled()) {
				return "Two-factor sign-in is on already.";
			}
			return (account.authenticatorKey() == null) ? "Set up an authenticator app first." : null;
		}, this.twoFactor::enableAuthenticator);
	}

	@Override
	public SignInResult disableTwoFactor(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress) {
		return change("DisableTwoFactor", user, password, code, clientIpAddress,
				(account) -> account.enabled() ? null : "Two-factor sign-in is off already.", this.twoFactor::disable);
	}

	@Override
	public boolean forgetRememberedClient(SignedInUser user, long clientId, @Nullable String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		boolean forgotten = this.twoFactor.forgetClient(user.userId(), clientId);
		this.audit.clientForgotten(user, clientId, forgotten, start, clientIpAddress);
		return forgotten;
	}

	private SignInResult change(String action, SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress, Function<TwoFactorAccount, @Nullable String> notApplicable,
			Change change) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Instant now = start.toInstant();
		SignInResult throttled = this.budget.throttled(clientIpAddress, () -> AttemptBudget.accountKey(user.userId()),
				now);
		SignInResult result = (throttled != null) ? throttled : check(user, password, code, now, notApplicable, change);
		if (throttled == null || this.audit.recordsRefusal(clientIpAddress, start)) {
			this.audit.twoFactorChange(action, user, result, start, clientIpAddress);
		}
		return result;
	}

	private SignInResult check(SignedInUser user, @Nullable String password, @Nullable String code, Instant now,
			Function<TwoFactorAccount, @Nullable String> notApplicable, Change change) {
		Optional<TwoFactorAccount> account = this.twoFactor.account(user.userId());
		Optional<UserCredentials> credentials = this.credentials.findCredentials(user.tenantId(), user.userName())
			.filter((found) -> found.userId() == user.userId());
		if (account.isEmpty() || credentials.isEmpty()) {
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, "Current user did not login to the application!");
		}
		String unchanged = notApplicable.apply(account.get());
		if (unchanged != null) {
			return SignInResult.failure(Outcome.TWO_FACTOR_UNCHANGED, unchanged);
		}
		Subject subject = new Subject(user.tenantId(), user.userId(), user.userName());
		if (this.budget.isLockedOut(subject, credentials.get().lockoutEndDate(), now)) {
			return SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT);
		}
		if (password == null || password.length() > SignInInput.MAX_PASSWORD_LENGTH
				|| !this.passwordEncoder.matches(password, credentials.get().passwordHash())) {
			return failed(subject, now, SignInResult.failure(Outcome.INVALID_CREDENTIALS, WRONG_PASSWORD));
		}
		if (code == null || code.isBlank() || !change.apply(account.get(), code, now)) {
			return failed(subject, now,
					SignInResult.failure(Outcome.INVALID_TWO_FACTOR_CODE, TwoFactorSignIn.INVALID_CODE));
		}
		this.budget.succeeded(subject);
		return SignInResult.success(user, null);
	}

	private SignInResult failed(Subject subject, Instant now, SignInResult failure) {
		return this.budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT)
				: failure;
	}

	@FunctionalInterface
	private interface Change {

		boolean apply(TwoFactorAccount account, String code, Instant now);

	}

}
