package dev.svc.graphql.signin.password;

import java.time.Clock;
import java.time.Instant;
import java.util.Optional;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.Tenant;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.util.function.SingletonSupplier;

/**
 * Signs users in against the credential store. An unknown user costs the same password
 * check and gets the same message as a wrong password, and a name of no account is locked
 * out like an account, so responses do not tell which accounts exist.
 */
final class DefaultSignInService implements SignInService {

	private static final Log logger = LogFactory.getLog(DefaultSignInService.class);

	static final String INVALID_CREDENTIALS = "Invalid user name or password";

	private final IdentityStore identities;

	private final CredentialStore credentials;

	private final PasswordEncoder passwordEncoder;

	/**
	 * The hash an unknown user's password is checked against: made at the first sign-in,
	 * not at start.
	 */
	private final SingletonSupplier<String> unknownUserHash;

	private final AttemptBudget budget;

	private final PasswordResetCodes resetCodes;

	private final @Nullable SecondStep twoFactor;

	private final Clock clock;

	DefaultSignInService(IdentityStore identities, CredentialStore credentials, PasswordEncoder passwordEncoder,
			AttemptBudget budget, PasswordResetCodes resetCodes, @Nullable SecondStep twoFactor, Clock clock) {
		this.identities = identities;
		this.credentials = credentials;
		this.passwordEncoder = passwordEncoder;
		this.unknownUserHash = SingletonSupplier.of(() -> passwordEncoder.encode("not a password of anybody"));
		this.budget = budget;
		this.resetCodes = resetCodes;
		this.twoFactor = twoFactor;
		this.clock = clock;
	}

	@Override
	public SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, SecondFactor secondFactor, @Nullable String clientIpAddress) {
		boolean valid = new SignInInput(tenancyName, userNameOrEmailAddress, password).problems().isEmpty();
		String tenancy = (tenancyName != null) ? tenancyName.trim() : "";
		String login = (userNameOrEmailAddress != null) ? userNameOrEmailAddress.trim() : "";
		// looked up once, when the address may make the attempt: the account's count is
		// the same whichever of its names was typed; a name of no account counts as typed
		SingletonSupplier<Optional<Tenant>> tenant = SingletonSupplier
			.of(() -> tenancy.isEmpty() ? Optional.empty() : this.identities.findTenantByName(tenancy));
		SingletonSupplier<Optional<UserCredentials>> found = SingletonSupplier.of(() -> {
			if (login.isEmpty() || (!tenancy.isEmpty() && tenant.obtain().isEmpty())) {
				return Optional.empty();
			}
			return this.credentials.findCredentials(tenant.obtain().map(Tenant::id).orElse(null), login);
		});
		String typed = AttemptBudget.accountKey(tenancyName, userNameOrEmailAddress);
		SignInResult throttled = this.budget.throttled(clientIpAddress, () -> {
			if (!valid) {
				return typed;
			}
			return found.obtain().map((user) -> AttemptBudget.accountKey(user.userId())).orElse(typed);
		}, this.clock.instant());
		if (throttled != null) {
			return throttled;
		}
		if (!valid) {
			// the sign-in paths say what is wrong; a caller that did not ask gets this
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		return checkTenantThenUser(tenancy, tenant.obtain(), login, found.obtain(), password, secondFactor)
			.inTenant(tenant.obtain().map(Tenant::id).orElse(null));
	}

	private SignInResult checkTenantThenUser(String tenancy, Optional<Tenant> tenant, String login,
			Optional<UserCredentials> found, @Nullable String password, SecondFactor secondFactor) {
		if (tenancy.isEmpty()) {
			return checkUser(null, login, found, password, secondFactor);
		}
		if (tenant.isEmpty()) {
			return SignInResult.failure(Outcome.UNKNOWN_TENANT, "There is no tenant defined with name " + tenancy);
		}
		if (!tenant.get().isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_TENANT,
					"Tenant " + tenant.get().tenancyName() + " is not active.");
		}
		return checkUser(tenant.get().id(), login, found, password, secondFactor);
	}

	private SignInResult checkUser(@Nullable Integer tenantId, String login, Optional<UserCredentials> found,
			@Nullable String password, SecondFactor secondFactor) {
		// one password check on every path, locked or unknown, so none answers sooner;
		// every path obtains the decoy too, so the first sign-in after a start is as slow
		// whether its user exists or not
		String secret = (password != null) ? password : "";
		String decoy = this.unknownUserHash.obtain();
		boolean passwordMatches = this.passwordEncoder.matches(secret,
				found.map(UserCredentials::passwordHash).orElse(decoy));
		if (login.isEmpty()) {
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		Subject subject = new Subject(tenantId, found.map(UserCredentials::userId).orElse(null), login);
		Instant now = this.clock.instant();
		if (this.budget.isLockedOut(subject, found.map(UserCredentials::lockoutEndDate).orElse(null), now)) {
			return SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT);
		}
		if (found.isEmpty() || !passwordMatches) {
			return failed(subject, now, SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS));
		}
		UserCredentials user = found.get();
		if (!user.isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_USER, "User " + login + " is not active and can not log in.");
		}
		SignedInUser signedIn = new SignedInUser(user.userId(), user.tenantId(), user.userName());
		String rememberClientToken = null;
		if (this.twoFactor != null) {
			// the failure count starts again only after the second step
			SignInResult secondStep = this.twoFactor.check(signedIn, secondFactor, now);
			if (secondStep.outcome() == Outcome.INVALID_TWO_FACTOR_CODE) {
				return failed(subject, now, secondStep);
			}
			if (secondStep.outcome() != Outcome.SUCCESS) {
				return secondStep;
			}
			rememberClientToken = secondStep.twoFactorRememberClientToken();
		}
		this.budget.succeeded(subject);
		upgradeHash(user, secret);
		if (user.shouldChangePassword()) {
			return this.resetCodes.issue(signedIn, now);
		}
		return SignInResult.success(signedIn, rememberClientToken);
	}

	private SignInResult failed(Subject subject, Instant now, SignInResult failure) {
		return this.budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT)
				: failure;
	}

	// replaces a hash of an older kind or weaker parameters while the password is known
	private void upgradeHash(UserCredentials user, String password) {
		if (!this.passwordEncoder.upgradeEncoding(user.passwordHash())) {
			return;
		}
		try {
			this.credentials.upgradePasswordHash(user.userId(), user.passwordHash(),
					this.passwordEncoder.encode(password));
		}
		catch (DataAccessException ex) {
			logger.warn("The password hash of user " + user.userId()
					+ " could not be upgraded, it is tried again at its next sign-in: " + ex.getMessage());
		}
	}

}
