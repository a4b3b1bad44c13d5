package dev.svc.graphql.signin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Optional;

import dev.svc.graphql.SvcGraphQlProperties.SignIn.Lockout;
import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditRecord;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.SignInAttempts.Subject;
import dev.svc.graphql.identity.SignInAttempts;
import dev.svc.graphql.identity.Tenant;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.SignInResult.Outcome;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Signs users in against the identity store. An unknown user costs the same password check as a
 * known one and gets the same message as a wrong password, and a name that belongs to no account
 * is locked out after as many failures as an account is, so responses do not tell which accounts
 * exist. Each client address may make only so many attempts per window.
 */
final class DefaultSignInService implements SignInService {

	static final String INVALID_CREDENTIALS = "Invalid user name or password";

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

	DefaultSignInService(IdentityStore store, PasswordEncoder passwordEncoder, AuditLogWriter auditLog,
			SignInAttempts attempts, Lockout lockout, SignInThrottle throttle, Clock clock) {
		this.store = store;
		this.passwordEncoder = passwordEncoder;
		this.unknownUserHash = passwordEncoder.encode("not a password of anybody");
		this.auditLog = auditLog;
		this.attempts = attempts;
		this.maxFailedAttempts = lockout.getMaxFailedAttempts();
		this.lockoutDuration = lockout.getDuration();
		this.throttle = throttle;
		this.clock = clock;
	}

	@Override
	public SignInResult signIn(String tenancyName, String userNameOrEmailAddress, String password,
			String clientIpAddress) {
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
		SignInResult result = checkTenantThenUser(tenancy, tenant, userNameOrEmailAddress, password);
		audit(tenant.map(Tenant::id).orElse(null), result, userNameOrEmailAddress, start, clientIpAddress);
		return result;
	}

	private SignInResult checkTenantThenUser(String tenancy, Optional<Tenant> tenant, String userNameOrEmailAddress,
			String password) {
		if (tenancy.isEmpty()) {
			return checkUser(null, userNameOrEmailAddress, password);
		}
		if (tenant.isEmpty()) {
			return SignInResult.failure(Outcome.UNKNOWN_TENANT, "There is no tenant defined with name " + tenancy);
		}
		if (!tenant.get().isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_TENANT,
					"Tenant " + tenant.get().tenancyName() + " is not active.");
		}
		return checkUser(tenant.get().id(), userNameOrEmailAddress, password);
	}

	private SignInResult checkUser(Integer tenantId, String userNameOrEmailAddress, String password) {
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
		this.attempts.succeeded(subject);
		return SignInResult.success(new SignedInUser(user.userId(), user.tenantId(), user.userName()),
				user.shouldChangePassword());
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
		this.auditLog.write(new AuditRecord(tenantId, result.succeeded() ? result.user().userId() : null,
				"Authentication", "SignIn", parameters, start, duration, clientIp, null,
				result.succeeded() ? null : result.message()));
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
