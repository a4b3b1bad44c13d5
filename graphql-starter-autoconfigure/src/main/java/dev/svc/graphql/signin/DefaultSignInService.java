package dev.svc.graphql.signin;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditQuota;
import dev.svc.graphql.audit.AuditRecord;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.Tenant;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.SignInInput.Problem;
import dev.svc.graphql.signin.SignInResult.Outcome;
import dev.svc.graphql.signin.store.SignInAttempts.Subject;
import dev.svc.graphql.signin.store.TwoFactorStore.TwoFactorAccount;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.dao.DataAccessException;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Signs users in against the credential store, and checks every other secret a user
 * gives: the password and a code again to turn two-factor sign-in on or off, a password
 * reset code. Every such check spends from one {@link AttemptBudget}. An unknown user
 * costs the same password check as a known one and gets the same message as a wrong
 * password, and a name that belongs to no account is locked out after as many failures as
 * an account is, so responses do not tell which accounts exist. A successful sign-in
 * replaces a password hash of an older kind or weaker parameters than the encoder's.
 */
final class DefaultSignInService implements SignInService {

	private static final Log logger = LogFactory.getLog(DefaultSignInService.class);

	static final String INVALID_CREDENTIALS = "Invalid user name or password";

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** 128 random bits: a reset code cannot be guessed within its lifetime. */
	private static final int RESET_CODE_BYTES = 16;

	private final IdentityStore identities;

	private final CredentialStore credentials;

	private final PasswordEncoder passwordEncoder;

	private final String unknownUserHash;

	private final @Nullable AuditLogWriter auditLog;

	static final String LOCKED_OUT = "The user account has been locked out. Please try again later.";

	static final String WRONG_PASSWORD = "The password is not right.";

	private final AttemptBudget budget;

	private final Clock clock;

	private final PasswordPolicy policy;

	private final Duration resetCodeLifetime;

	private final SecureRandom random = new SecureRandom();

	private final @Nullable TwoFactorSignIn twoFactor;

	private final @Nullable AuditQuota refusals;

	DefaultSignInService(IdentityStore identities, CredentialStore credentials, PasswordEncoder passwordEncoder,
			@Nullable AuditLogWriter auditLog, @Nullable AuditQuota refusals, AttemptBudget budget,
			PasswordPolicy policy, Duration resetCodeLifetime, @Nullable TwoFactorSignIn twoFactor, Clock clock) {
		this.identities = identities;
		this.credentials = credentials;
		this.passwordEncoder = passwordEncoder;
		this.unknownUserHash = passwordEncoder.encode("not a password of anybody");
		this.auditLog = auditLog;
		this.refusals = refusals;
		this.budget = budget;
		this.policy = policy;
		this.resetCodeLifetime = resetCodeLifetime;
		this.twoFactor = twoFactor;
		this.clock = clock;
	}

	@Override
	public SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, @Nullable String clientIpAddress) {
		return signIn(tenancyName, userNameOrEmailAddress, password, SecondFactor.NONE, clientIpAddress);
	}

	@Override
	public SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, SecondFactor secondFactor, @Nullable String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		SignInResult throttled = this.budget.throttled(clientIpAddress, accountKey(tenancyName, userNameOrEmailAddress),
				start.toInstant());
		if (throttled != null) {
			if (recordsRefusal(clientIpAddress, start)) {
				audit(null, throttled, userNameOrEmailAddress, start, clientIpAddress);
			}
			return throttled;
		}
		if (!new SignInInput(tenancyName, userNameOrEmailAddress, password).problems().isEmpty()) {
			// the sign-in paths answer such input with what is wrong; a caller that did
			// not ask gets this
			SignInResult invalid = SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
			if (recordsRefusal(clientIpAddress, start)) {
				audit(null, invalid, null, start, clientIpAddress);
			}
			return invalid;
		}
		String tenancy = (tenancyName != null) ? tenancyName.trim() : "";
		Optional<Tenant> tenant = tenancy.isEmpty() ? Optional.empty() : this.identities.findTenantByName(tenancy);
		SignInResult result = checkTenantThenUser(tenancy, tenant, userNameOrEmailAddress, password, secondFactor);
		audit(tenant.map(Tenant::id).orElse(null), result, userNameOrEmailAddress, start, clientIpAddress);
		return result;
	}

	private SignInResult checkTenantThenUser(String tenancy, Optional<Tenant> tenant,
			@Nullable String userNameOrEmailAddress, @Nullable String password, SecondFactor secondFactor) {
		if (tenancy.isEmpty()) {
			return checkUser(null, userNameOrEmailAddress, password, secondFactor);
		}
		if (tenant.isEmpty()) {
			return SignInResult.failure(Outcome.UNKNOWN_TENANT, "There is no tenant defined with name " + tenancy);
		}
		if (!tenant.get().isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_TENANT,
					"Tenant " + tenant.get().tenancyName() + " is not active.");
		}
		return checkUser(tenant.get().id(), userNameOrEmailAddress, password, secondFactor);
	}

	private SignInResult checkUser(@Nullable Integer tenantId, @Nullable String userNameOrEmailAddress,
			@Nullable String password, SecondFactor secondFactor) {
		String login = (userNameOrEmailAddress != null) ? userNameOrEmailAddress.trim() : "";
		Optional<UserCredentials> found = login.isEmpty() ? Optional.empty()
				: this.credentials.findCredentials(tenantId, login);
		// one password check on every path, locked or unknown alike, so that none answers
		// sooner
		String secret = (password != null) ? password : "";
		boolean passwordMatches = this.passwordEncoder.matches(secret,
				found.map(UserCredentials::passwordHash).orElse(this.unknownUserHash));
		if (login.isEmpty()) {
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		Subject subject = new Subject(tenantId, found.map(UserCredentials::userId).orElse(null), login);
		Instant now = this.clock.instant();
		if (this.budget.isLockedOut(subject, found.map(UserCredentials::lockoutEndDate).orElse(null), now)) {
			return SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT);
		}
		if (found.isEmpty() || !passwordMatches) {
			return this.budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT)
					: SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		UserCredentials user = found.get();
		if (!user.isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_USER, "User " + login + " is not active and can not log in.");
		}
		SignedInUser signedIn = new SignedInUser(user.userId(), user.tenantId(), user.userName());
		String rememberClientToken = null;
		if (this.twoFactor != null) {
			// the password was right, but the count of failures starts again only after
			// the second step
			SignInResult secondStep = this.twoFactor.check(signedIn, secondFactor, now);
			if (secondStep.outcome() == Outcome.INVALID_TWO_FACTOR_CODE) {
				return this.budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT)
						: secondStep;
			}
			if (secondStep.outcome() != Outcome.SUCCESS) {
				return secondStep;
			}
			rememberClientToken = secondStep.twoFactorRememberClientToken();
		}
		this.budget.succeeded(subject);
		upgradeHash(user, secret);
		if (user.shouldChangePassword()) {
			return passwordChangeRequired(signedIn, now);
		}
		return SignInResult.success(signedIn, rememberClientToken);
	}

	@Override
	public @Nullable Duration sendTwoFactorCode(long userId, @Nullable String provider,
			@Nullable String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		if (this.twoFactor == null) {
			return null;
		}
		SignInResult throttled = this.budget.throttled(clientIpAddress, null, start.toInstant());
		Duration wait = (throttled != null) ? throttled.retryAfter()
				: this.twoFactor.send(userId, provider, start.toInstant());
		if (this.auditLog != null && (wait == null || recordsRefusal(clientIpAddress, start))) {
			this.auditLog.write(new AuditRecord(null, null, "Authentication", "SendTwoFactorCode",
					json("userId", userId, "provider", provider, "result", (wait != null) ? "THROTTLED" : "TAKEN"),
					start, (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis(), clientIpAddress,
					null, null));
		}
		return wait;
	}

	@Override
	public SignInResult enableAuthenticator(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress) {
		return changeTwoFactor("EnableTwoFactor", user, password, code, clientIpAddress, (account) -> {
			if (account.enabled()) {
				return "Two-factor sign-in is on already.";
			}
			return (account.authenticatorKey() == null) ? "Set up an authenticator app first." : null;
		}, twoFactor()::enableAuthenticator);
	}

	@Override
	public SignInResult disableTwoFactor(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress) {
		return changeTwoFactor("DisableTwoFactor", user, password, code, clientIpAddress,
				(account) -> account.enabled() ? null : "Two-factor sign-in is off already.", twoFactor()::disable);
	}

	// the password again, then the code: each wrong one counts as a failed sign-in of the
	// user
	private SignInResult changeTwoFactor(String action, SignedInUser user, @Nullable String password,
			@Nullable String code, @Nullable String clientIpAddress,
			Function<TwoFactorAccount, @Nullable String> notApplicable, TwoFactorChange change) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Instant now = start.toInstant();
		SignInResult throttled = this.budget.throttled(clientIpAddress, accountKey(user.userId()), now);
		SignInResult result = (throttled != null) ? throttled
				: checkTwoFactorChange(user, password, code, now, notApplicable, change);
		if (throttled == null || recordsRefusal(clientIpAddress, start)) {
			auditAction(user.tenantId(), user.userId(), action, result.outcome().name(), result.message(), start,
					clientIpAddress);
		}
		return result;
	}

	private SignInResult checkTwoFactorChange(SignedInUser user, @Nullable String password, @Nullable String code,
			Instant now, Function<TwoFactorAccount, @Nullable String> notApplicable, TwoFactorChange change) {
		TwoFactorSignIn twoFactor = twoFactor();
		Optional<TwoFactorAccount> account = twoFactor.account(user.userId());
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
			return SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT);
		}
		if (password == null || password.length() > SignInInput.MAX_PASSWORD_LENGTH
				|| !this.passwordEncoder.matches(password, credentials.get().passwordHash())) {
			return this.budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT)
					: SignInResult.failure(Outcome.INVALID_CREDENTIALS, WRONG_PASSWORD);
		}
		if (code == null || code.isBlank() || !change.apply(account.get(), code, now)) {
			return this.budget.failed(subject, now) ? SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT)
					: SignInResult.failure(Outcome.INVALID_TWO_FACTOR_CODE, TwoFactorSignIn.INVALID_CODE);
		}
		this.budget.succeeded(subject);
		return SignInResult.success(user, null);
	}

	// the wrong guesses of a user's reset code, counted apart from its account's
	// failures: the name is one that no sign-in can give, since sign-in input refuses
	// control characters
	private static Subject resetCodeGuesses(long userId) {
		return new Subject(null, null, "\u001freset-code#" + userId);
	}

	// the code is replaced by one nobody knows, which has already expired
	private void voidResetCode(long userId, Instant now) {
		try {
			this.credentials.savePasswordResetCode(userId, digest(newCode()), now);
		}
		catch (UnsupportedOperationException ex) {
			// a store without reset codes has none to void
		}
	}

	private String newCode() {
		byte[] bytes = new byte[RESET_CODE_BYTES];
		this.random.nextBytes(bytes);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
	}

	// no session and no tokens: a one-time code to set a new password with, kept as a
	// digest; a new code gets the full count of guesses
	private SignInResult passwordChangeRequired(SignedInUser user, Instant now) {
		String code = newCode();
		try {
			this.credentials.savePasswordResetCode(user.userId(), digest(code), now.plus(this.resetCodeLifetime));
			this.budget.succeeded(resetCodeGuesses(user.userId()));
		}
		catch (UnsupportedOperationException ex) {
			logger.warn("User " + user.userId()
					+ " must change its password, but the credential store keeps no reset codes: " + ex.getMessage());
			return SignInResult.failure(Outcome.INACTIVE_USER, "User " + user.userName()
					+ " must change its password, which this application does not offer. Ask an administrator.");
		}
		return SignInResult.passwordChangeRequired(user, code);
	}

	@Override
	public PasswordResetResult resetPassword(long userId, @Nullable String resetCode, @Nullable String newPassword,
			@Nullable String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Instant now = start.toInstant();
		SignInResult throttled = this.budget.throttled(clientIpAddress, accountKey(userId), now);
		if (throttled != null) {
			PasswordResetResult refused = PasswordResetResult.throttled(throttled);
			return recordsRefusal(clientIpAddress, start) ? auditReset(null, userId, refused, start, clientIpAddress)
					: refused;
		}
		if (resetCode == null || resetCode.isBlank()) {
			PasswordResetResult invalid = PasswordResetResult
				.invalidInput(List.of(new Problem("resetCode", "The resetCode field is required.")));
			return recordsRefusal(clientIpAddress, start) ? auditReset(null, userId, invalid, start, clientIpAddress)
					: invalid;
		}
		// a wrong code counts against the code, not the account: knowing a user's id must
		// not let anyone lock the account out; after as many wrong guesses as a lockout
		// takes, the code is void
		Subject guesses = resetCodeGuesses(userId);
		if (this.budget.isLockedOut(guesses, null, now)) {
			return auditReset(null, userId, PasswordResetResult.invalidCode(), start, clientIpAddress);
		}
		String codeDigest = digest(resetCode);
		Optional<UserCredentials> found = (resetCode.length() > SignInInput.MAX_LOGIN_LENGTH) ? Optional.empty()
				: this.credentials.findCredentialsByResetCode(userId, codeDigest, now);
		if (found.isEmpty()) {
			if (this.budget.failed(guesses, now)) {
				voidResetCode(userId, now);
			}
			return auditReset(null, userId, PasswordResetResult.invalidCode(), start, clientIpAddress);
		}
		UserCredentials user = found.get();
		return auditReset(user.tenantId(), userId, setPassword(user, codeDigest, newPassword, now), start,
				clientIpAddress);
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

	private static String digest(String code) {
		return TwoFactorSignIn.digest(code);
	}

	// a hash of an older kind or weaker parameters is replaced while the password is at
	// hand
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

	// the throttle's key for a sign-in: the tenancy and the name as typed
	private static @Nullable String accountKey(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress) {
		if (userNameOrEmailAddress == null || userNameOrEmailAddress.isBlank()) {
			return null;
		}
		return ((tenancyName != null) ? tenancyName.trim() : "") + "/" + userNameOrEmailAddress.trim();
	}

	private TwoFactorSignIn twoFactor() {
		if (this.twoFactor == null) {
			throw new UnsupportedOperationException("This sign-in service offers no two-factor sign-in");
		}
		return this.twoFactor;
	}

	// the throttle's key for what names an account by its id
	private static String accountKey(long userId) {
		return "#" + userId;
	}

	/**
	 * Whether a refused attempt (throttled, invalid input, a code send within its
	 * cooldown) gets a record of its own: a flood from one address gets a few, then one
	 * summary of the rest per window ({@link AuditQuota#REFUSED_SIGN_INS}), so that it
	 * cannot fill the audit log.
	 */
	private boolean recordsRefusal(@Nullable String clientIpAddress, OffsetDateTime start) {
		return this.refusals == null || this.refusals.admit(clientIpAddress, start.toInstant());
	}

	private void audit(@Nullable Integer tenantId, SignInResult result, @Nullable String login, OffsetDateTime start,
			@Nullable String clientIp) {
		if (this.auditLog == null) {
			return;
		}
		int duration = (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis();
		String parameters = json("userNameOrEmailAddress", (login != null) ? login : "", "result", result.outcome());
		this.auditLog.write(new AuditRecord(tenantId, (result.user() != null) ? result.user().userId() : null,
				"Authentication", "SignIn", parameters, start, duration, clientIp, null, result.message()));
	}

	private void auditAction(@Nullable Integer tenantId, long userId, String action, String outcome,
			@Nullable String failure, OffsetDateTime start, @Nullable String clientIp) {
		if (this.auditLog != null) {
			int duration = (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis();
			this.auditLog.write(new AuditRecord(tenantId, userId, "Authentication", action,
					json("userId", userId, "result", outcome), start, duration, clientIp, null, failure));
		}
	}

	private PasswordResetResult auditReset(@Nullable Integer tenantId, long userId, PasswordResetResult result,
			OffsetDateTime start, @Nullable String clientIp) {
		if (this.auditLog != null) {
			int duration = (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis();
			this.auditLog.write(
					new AuditRecord(tenantId, (result.outcome() == PasswordResetResult.Outcome.RESET) ? userId : null,
							"Authentication", "ResetPassword", json("userId", userId, "result", result.outcome()),
							start, duration, clientIp, null, result.message()));
		}
		return result;
	}

	// an audit record's parameters, as a JSON object of the given names and values, in
	// that order
	private static String json(@Nullable Object... namesAndValues) {
		Map<String, @Nullable Object> parameters = new LinkedHashMap<>();
		for (int i = 0; i < namesAndValues.length; i += 2) {
			parameters.put((String) namesAndValues[i], namesAndValues[i + 1]);
		}
		return JSON.writeValueAsString(parameters);
	}

	/**
	 * A change of a user's two-factor settings, made when the code is right.
	 */
	@FunctionalInterface
	private interface TwoFactorChange {

		boolean apply(TwoFactorAccount account, String code, Instant now);

	}

}
