package dev.svc.graphql.signin;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditRecord;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.Tenant;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.signin.SignInResult.Outcome;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Signs users in against the identity store. An unknown user costs the same password check as a
 * known one and gets the same message as a wrong password, so responses do not tell which
 * accounts exist.
 */
final class DefaultSignInService implements SignInService {

	static final String INVALID_CREDENTIALS = "Invalid user name or password";

	private final IdentityStore store;

	private final PasswordEncoder passwordEncoder;

	private final String unknownUserHash;

	private final AuditLogWriter auditLog;

	private final Clock clock;

	DefaultSignInService(IdentityStore store, PasswordEncoder passwordEncoder, AuditLogWriter auditLog, Clock clock) {
		this.store = store;
		this.passwordEncoder = passwordEncoder;
		this.unknownUserHash = passwordEncoder.encode("not a password of anybody");
		this.auditLog = auditLog;
		this.clock = clock;
	}

	@Override
	public SignInResult signIn(String tenancyName, String userNameOrEmailAddress, String password,
			String clientIpAddress) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
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
		if (found.isEmpty()) {
			this.passwordEncoder.matches((password != null) ? password : "", this.unknownUserHash);
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		UserCredentials user = found.get();
		if (user.lockoutEndDate() != null && user.lockoutEndDate().isAfter(OffsetDateTime.now(this.clock))) {
			return SignInResult.failure(Outcome.LOCKED_OUT,
					"The user account has been locked out. Please try again later.");
		}
		if (password == null || !this.passwordEncoder.matches(password, user.passwordHash())) {
			return SignInResult.failure(Outcome.INVALID_CREDENTIALS, INVALID_CREDENTIALS);
		}
		if (!user.isActive()) {
			return SignInResult.failure(Outcome.INACTIVE_USER,
					"User " + login + " is not active and can not log in.");
		}
		return SignInResult.success(new SignedInUser(user.userId(), user.tenantId(), user.userName()),
				user.shouldChangePassword());
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
