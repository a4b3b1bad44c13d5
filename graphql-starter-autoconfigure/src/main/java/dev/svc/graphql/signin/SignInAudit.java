package dev.svc.graphql.signin;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditQuota;
import dev.svc.graphql.audit.AuditRecord;
import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

/**
 * The audit records of every check of a secret. Refused attempts (throttled, invalid
 * input, a code send within its cooldown) get a record of their own up to a quota per
 * address, the rest one summary per window ({@link AuditQuota#REFUSED_SIGN_INS}), so that
 * a flood cannot fill the audit log.
 */
final class SignInAudit {

	private static final String SERVICE = "Authentication";

	private final @Nullable AuditLogWriter log;

	private final @Nullable AuditQuota refusals;

	private final Clock clock;

	SignInAudit(@Nullable AuditLogWriter log, @Nullable AuditQuota refusals, Clock clock) {
		this.log = log;
		this.refusals = refusals;
		this.clock = clock;
	}

	boolean recordsRefusal(@Nullable String clientIpAddress, OffsetDateTime start) {
		return this.refusals == null || this.refusals.admit(clientIpAddress, start.toInstant());
	}

	void signIn(@Nullable Integer tenantId, SignInResult result, @Nullable String login, OffsetDateTime start,
			@Nullable String clientIp) {
		write(tenantId, (result.user() != null) ? result.user().userId() : null, "SignIn",
				parameters("userNameOrEmailAddress", (login != null) ? login : "", "result", result.outcome()), start,
				clientIp, result.message());
	}

	void codeSend(long userId, @Nullable String provider, boolean taken, OffsetDateTime start,
			@Nullable String clientIp) {
		write(null, null, "SendTwoFactorCode",
				parameters("userId", userId, "provider", provider, "result", taken ? "TAKEN" : "THROTTLED"), start,
				clientIp, null);
	}

	void twoFactorChange(String action, SignedInUser user, SignInResult result, OffsetDateTime start,
			@Nullable String clientIp) {
		write(user.tenantId(), user.userId(), action, parameters("userId", user.userId(), "result", result.outcome()),
				start, clientIp, result.message());
	}

	void clientForgotten(SignedInUser user, long clientId, boolean forgotten, OffsetDateTime start,
			@Nullable String clientIp) {
		write(user.tenantId(), user.userId(), "ForgetRememberedClient", parameters("userId", user.userId(), "clientId",
				clientId, "result", forgotten ? "FORGOTTEN" : "UNKNOWN"), start, clientIp, null);
	}

	PasswordResetResult reset(@Nullable Integer tenantId, long userId, PasswordResetResult result, OffsetDateTime start,
			@Nullable String clientIp) {
		write(tenantId, (result.outcome() == PasswordResetResult.Outcome.RESET) ? userId : null, "ResetPassword",
				parameters("userId", userId, "result", result.outcome()), start, clientIp, result.message());
		return result;
	}

	private void write(@Nullable Integer tenantId, @Nullable Long userId, String action, String parameters,
			OffsetDateTime start, @Nullable String clientIp, @Nullable String failure) {
		if (this.log != null) {
			int duration = (int) Duration.between(start, OffsetDateTime.now(this.clock)).toMillis();
			this.log.write(new AuditRecord(tenantId, userId, SERVICE, action, parameters, start, duration, clientIp,
					null, failure));
		}
	}

	private String parameters(@Nullable Object... namesAndValues) {
		Map<String, @Nullable Object> parameters = new LinkedHashMap<>();
		for (int i = 0; i < namesAndValues.length; i += 2) {
			parameters.put((String) namesAndValues[i], namesAndValues[i + 1]);
		}
		// Jackson's defaults, not the host's mapper: the record format is the module's
		return JsonMapper.shared().writeValueAsString(parameters);
	}

}
