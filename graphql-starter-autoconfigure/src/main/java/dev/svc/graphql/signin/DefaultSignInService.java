package dev.svc.graphql.signin;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Optional;

import dev.svc.graphql.SvcGraphQlProperties.SignIn.Lockout;
import dev.svc.graphql.SvcGraphQlProperties.SignIn.Password;
import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditRecord;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.SignInAttempts.Subject;
import dev.svc.graphql.identity.SignInAttempts;
import dev.svc.graphql.identity.Tenant;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.SignInInput.Problem;
import dev.svc.graphql.signin.SignInResult.Outcome;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Signs users in against the identity store. An unknown user costs the same password check as a
 * known one and gets the same message as a wrong password, and a name that belongs to no account
 * is locked out after as many failures as an account is, so responses do not tell which accounts
 * exist. Each client address may make only so many attempts per window. A successful sign-in
 * replaces a password hash of an older kind or weaker parameters than the encoder's.
 */
final class DefaultSignInService implements SignInService {

	private static final Log logger = LogFactory.getLog(DefaultSignInService.class);

	static final String INVALID_CREDENTIALS = "Invalid user name or password";

	/** 128 random bits: a reset code cannot be guessed within its lifetime. */
	private static final int RESET_CODE_BYTES = 16;

	private final IdentityStore store;

	private final PasswordEncoder passwordEncoder;

	private final String unknownUserHash;

	private final AuditLogWriter auditLog;

	static final String LOCKED_OUT = "The user account has been locked out. Please try again later.";

	private final SignInAttempts attempts;

	private final SignInThrottle throttle;

	private final int maxFailedAttempts;

	private final Duration lockoutDuration;

	private final Clock clock;

	private final PasswordPolicy policy;

	private final Duration resetCodeLifetime;

	private final SecureRandom random = new SecureRandom();

	private final @Nullable TwoFactorSignIn twoFactor;

	DefaultSignInService(IdentityStore store, PasswordEncoder passwordEncoder, AuditLogWriter auditLog,
			SignInAttempts attempts, Lockout lockout, SignInThrottle throttle, Password password,
			@Nullable TwoFactorSignIn twoFactor, Clock clock) {
		this.store = store;
		this.passwordEncoder = passwordEncoder;
		this.unknownUserHash = passwordEncoder.encode("not a password of anybody");
		this.auditLog = auditLog;
		this.attempts = attempts;
		this.maxFailedAttempts = lockout.getMaxFailedAttempts();
		this.lockoutDuration = lockout.getDuration();
		this.throttle = throttle;
		this.policy = new PasswordPolicy(password.getPolicy().getMinLength());
		this.resetCodeLifetime = password.getResetCodeLifetime();
		this.twoFactor = twoFactor;
		this.clock = clock;
	}

	@Override
	public SignInResult signIn(String tenancyName, String userNameOrEmailAddress, String password,
			String clientIpAddress) {
		return signIn(tenancyName, userNameOrEmailAddress, password, SecondFactor.NONE, clientIpAddress);
	}

	@Override
	public SignInResult signIn(String tenancyName, String userNameOrEmailAddress, String password,
			SecondFactor secondFactor, String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Duration wait = this.throttle.attempt(clientIpAddress, start.toInstant());
		if (wait != null) {
			SignInResult throttled = SignInResult.throttled(wait);
			audit(null, throttled, userNameOrEmailAddress, start, clientIpAddress);
			return throttled;
		}
		if (!new SignInInput(tenancyName, userNameOrEmailAddress, password).problems().isEmpty()) {
			// the sign-in paths answer such input with what is wrong; a caller that did not ask gets this
			SignInResult invalid = SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
			audit(null, invalid, null, start, clientIpAddress);
			return invalid;
		}
		String tenancy = (tenancyName != null) ? tenancyName.trim() : "";
		Optional<Tenant> tenant = tenancy.isEmpty() ? Optional.empty() : this.store.findTenantByName(tenancy);
		SignInResult result = checkTenantThenUser(tenancy, tenant, userNameOrEmailAddress, password, secondFactor);
		audit(tenant.map(Tenant::id).orElse(null), result, userNameOrEmailAddress, start, clientIpAddress);
		return result;
	}

	private SignInResult checkTenantThenUser(String tenancy, Optional<Tenant> tenant, String userNameOrEmailAddress,
			String password, SecondFactor secondFactor) {
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

	private SignInResult checkUser(Integer tenantId, String userNameOrEmailAddress, String password,
			SecondFactor secondFactor) {
		String login = (userNameOrEmailAddress != null) ? userNameOrEmailAddress.trim() : "";
		Optional<UserCredentials> found = login.isEmpty() ? Optional.empty()
				: this.store.findCredentials(tenantId, login);
		// one password check on every path, locked or unknown alike, so that none answers sooner
		boolean passwordMatches = this.passwordEncoder.matches((password != null) ? password : "",
				found.map(UserCredentials::passwordHash).orElse(this.unknownUserHash));
		if (login.isEmpty()) {
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		Subject subject = new Subject(tenantId, found.map(UserCredentials::userId).orElse(null), login);
		Instant now = this.clock.instant();
		if (isLockedOut(subject, found, now)) {
			return SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT);
		}
		if (found.isEmpty() || !passwordMatches) {
			this.attempts.failed(subject, now, this.maxFailedAttempts, now.plus(this.lockoutDuration));
			return isLockedOut(subject, Optional.empty(), now) ? SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT)
					: SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		UserCredentials user = found.get();
		if (!user.isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_USER,
					"User " + login + " is not active and can not log in.");
		}
		SignedInUser signedIn = new SignedInUser(user.userId(), user.tenantId(), user.userName());
		String rememberClientToken = null;
		if (this.twoFactor != null) {
			// the password was right, but the count of failures starts again only after the second step
			SignInResult secondStep = this.twoFactor.check(signedIn, secondFactor, now);
			if (secondStep.outcome() == Outcome.INVALID_TWO_FACTOR_CODE) {
				this.attempts.failed(subject, now, this.maxFailedAttempts, now.plus(this.lockoutDuration));
				return isLockedOut(subject, Optional.empty(), now) ? SignInResult.failure(Outcome.LOCKED_OUT, LOCKED_OUT)
						: secondStep;
			}
			if (secondStep.outcome() != Outcome.SUCCESS) {
				return secondStep;
			}
			rememberClientToken = secondStep.twoFactorRememberClientToken();
		}
		this.attempts.succeeded(subject);
		upgradeHash(user, password);
		if (user.shouldChangePassword()) {
			return passwordChangeRequired(signedIn, now);
		}
		return SignInResult.success(signedIn, rememberClientToken);
	}

	@Override
	public void sendTwoFactorCode(long userId, String provider, String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		if (this.twoFactor == null || this.throttle.attempt(clientIpAddress, start.toInstant()) != null) {
			return;
		}
		boolean sent = this.twoFactor.send(userId, provider, start.toInstant());
		if (this.auditLog != null) {
			this.auditLog.write(new AuditRecord(null, null, "Authentication", "SendTwoFactorCode",
					"{\"userId\":" + userId + ",\"provider\":\"" + jsonEscape(provider) + "\",\"sent\":" + sent + "}",
					start, (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis(), clientIpAddress, null,
					null));
		}
	}

	// no session and no tokens: a one-time code to set a new password with, kept as a digest
	private SignInResult passwordChangeRequired(SignedInUser user, Instant now) {
		byte[] bytes = new byte[RESET_CODE_BYTES];
		this.random.nextBytes(bytes);
		String code = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
		try {
			this.store.savePasswordResetCode(user.userId(), digest(code), now.plus(this.resetCodeLifetime));
		}
		catch (UnsupportedOperationException ex) {
			logger.warn("User " + user.userId() + " must change its password, but the identity store keeps no reset codes: "
					+ ex.getMessage());
			return SignInResult.failure(Outcome.INACTIVE_USER, "User " + user.userName()
					+ " must change its password, which this application does not offer. Ask an administrator.");
		}
		return SignInResult.passwordChangeRequired(user, code);
	}

	@Override
	public PasswordResetResult resetPassword(long userId, String resetCode, String newPassword, String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		Duration wait = this.throttle.attempt(clientIpAddress, start.toInstant());
		if (wait != null) {
			return auditReset(null, userId, PasswordResetResult.throttled(SignInResult.throttled(wait)), start,
					clientIpAddress);
		}
		if (resetCode == null || resetCode.isBlank()) {
			return auditReset(null, userId, PasswordResetResult
				.invalidInput(List.of(new Problem("resetCode", "The resetCode field is required."))), start, clientIpAddress);
		}
		String codeDigest = digest(resetCode);
		Optional<UserCredentials> found = (resetCode.length() > SignInInput.MAX_LOGIN_LENGTH) ? Optional.empty()
				: this.store.findCredentialsByResetCode(userId, codeDigest, start.toInstant());
		if (found.isEmpty()) {
			return auditReset(null, userId, PasswordResetResult.invalidCode(), start, clientIpAddress);
		}
		UserCredentials user = found.get();
		return auditReset(user.tenantId(), userId, setPassword(user, codeDigest, newPassword, start.toInstant()), start,
				clientIpAddress);
	}

	private PasswordResetResult setPassword(UserCredentials user, String codeDigest, String newPassword, Instant now) {
		List<Problem> problems = new ArrayList<>();
		this.policy.problems(newPassword, user)
			.forEach((problem) -> problems.add(new Problem(PasswordPolicy.FIELD, problem)));
		if (problems.isEmpty() && this.passwordEncoder.matches(newPassword, user.passwordHash())) {
			problems.add(new Problem(PasswordPolicy.FIELD, "The new password must not be the current one."));
		}
		if (!problems.isEmpty()) {
			return PasswordResetResult.invalidInput(problems);
		}
		if (!this.store.resetPassword(user.userId(), codeDigest, now, this.passwordEncoder.encode(newPassword))) {
			return PasswordResetResult.invalidCode();
		}
		this.attempts.succeeded(new Subject(user.tenantId(), user.userId(), user.userName()));
		return PasswordResetResult.reset(user.userName());
	}

	private static String digest(String code) {
		return TwoFactorSignIn.digest(code);
	}

	// a hash of an older kind or weaker parameters is replaced while the password is at hand
	private void upgradeHash(UserCredentials user, String password) {
		if (!this.passwordEncoder.upgradeEncoding(user.passwordHash())) {
			return;
		}
		try {
			this.store.upgradePasswordHash(user.userId(), user.passwordHash(), this.passwordEncoder.encode(password));
		}
		catch (DataAccessException ex) {
			logger.warn("The password hash of user " + user.userId() + " could not be upgraded, it is tried again at its next sign-in: "
					+ ex.getMessage());
		}
	}

	// locked out by failed sign-ins, or by whoever set the account's lockout end
	private boolean isLockedOut(Subject subject, Optional<UserCredentials> account, Instant now) {
		OffsetDateTime set = account.map(UserCredentials::lockoutEndDate).orElse(null);
		if (set != null && set.toInstant().isAfter(now)) {
			return true;
		}
		Instant end = this.attempts.lockedUntil(subject);
		return end != null && end.isAfter(now);
	}

	private void audit(Integer tenantId, SignInResult result, String login, OffsetDateTime start, String clientIp) {
		if (this.auditLog == null) {
			return;
		}
		int duration = (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis();
		String parameters = "{\"userNameOrEmailAddress\":\"" + jsonEscape(login) + "\",\"result\":\""
				+ result.outcome() + "\"}";
		this.auditLog.write(new AuditRecord(tenantId, (result.user() != null) ? result.user().userId() : null,
				"Authentication", "SignIn", parameters, start, duration, clientIp, null, result.message()));
	}

	private PasswordResetResult auditReset(Integer tenantId, long userId, PasswordResetResult result,
			OffsetDateTime start, String clientIp) {
		if (this.auditLog != null) {
			int duration = (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis();
			this.auditLog.write(new AuditRecord(tenantId,
					(result.outcome() == PasswordResetResult.Outcome.RESET) ? userId : null, "Authentication",
					"ResetPassword", "{\"userId\":" + userId + ",\"result\":\"" + result.outcome() + "\"}", start,
					duration, clientIp, null, result.message()));
		}
		return result;
	}

	private static String jsonEscape(String text) {
		if (text == null) {
			return "";
		}
		StringBuilder escaped = new StringBuilder(text.length());
		for (char c : text.toCharArray()) {
			if (c == '"' || c == '\\') {
				escaped.append('\\').append(c);
			}
			else if (c < 0x20) {
				escaped.append(String.format("\\u%04x", (int) c));
			}
			else {
				escaped.append(c);
			}
		}
		return escaped.toString();
	}

}
