package dev.svc.graphql.signin.password;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditQuota;
import dev.svc.graphql.audit.AuditRecord;
import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.ApplicationListener;
import org.springframework.security.authentication.event.AbstractAuthenticationEvent;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;

/**
 * The audit records of every check of a secret. A sign-in's is written from Spring
 * Security's authentication events of the manager it went through, with what
 * {@link TenancyAuthenticationProvider} kept in its {@link TenancyAuthenticationDetails};
 * the others (code sends, two-factor changes, resets), which pass through no manager, by
 * their services. Refused attempts (throttled, invalid input, a code send within its
 * cooldown) get a record of their own up to a quota per address, the rest one summary per
 * window ({@link AuditQuota#REFUSED_SIGN_INS}), so that a flood cannot fill the audit
 * log.
 */
public final class SignInAudit implements ApplicationListener<AbstractAuthenticationEvent> {

	private static final String SERVICE = "Authentication";

	private final @Nullable AuditLogWriter log;

	private final @Nullable AuditQuota refusals;

	private final Clock clock;

	/**
	 * The audit of sign-ins.
	 * @param log where records go, {@code null} for nowhere
	 * @param refusals the quota of refused attempts' records, {@code null} for no limit
	 * @param clock the time
	 */
	public SignInAudit(@Nullable AuditLogWriter log, @Nullable AuditQuota refusals, Clock clock) {
		this.log = log;
		this.refusals = refusals;
		this.clock = clock;
	}

	/**
	 * Whether a refused attempt gets a record of its own (within the quota).
	 * @param clientIpAddress the client's address
	 * @param start when the attempt began
	 * @return {@code true} to write its record
	 */
	public boolean recordsRefusal(@Nullable String clientIpAddress, OffsetDateTime start) {
		return this.refusals == null || this.refusals.admit(clientIpAddress, start.toInstant());
	}

	@Override
	public void onApplicationEvent(AbstractAuthenticationEvent event) {
		if ((event instanceof AuthenticationSuccessEvent || event instanceof AbstractAuthenticationFailureEvent)
				&& event.getAuthentication().getDetails() instanceof TenancyAuthenticationDetails details) {
			signIn(details.attempt(), ClientAddress.literal(details.getRemoteAddress()));
		}
	}

	private void signIn(TenancyAuthenticationDetails.@Nullable Attempt attempt, @Nullable String clientIp) {
		if (attempt != null && (!attempt.refusal() || recordsRefusal(clientIp, attempt.started()))) {
			SignInResult result = attempt.result();
			write(result.tenantId(), (result.user() != null) ? result.user().userId() : null, "SignIn",
					parameters("userNameOrEmailAddress", (attempt.login() != null) ? attempt.login() : "", "result",
							result.outcome()),
					attempt.started(), clientIp, result.message());
		}
	}

	/**
	 * Records a sent (or throttled) two-factor code.
	 * @param userId the user
	 * @param provider how it was sent
	 * @param taken whether it was sent
	 * @param start when the request began
	 * @param clientIp the client's address
	 */
	public void codeSend(long userId, @Nullable String provider, boolean taken, OffsetDateTime start,
			@Nullable String clientIp) {
		write(null, null, "SendTwoFactorCode",
				parameters("userId", userId, "provider", provider, "result", taken ? "TAKEN" : "THROTTLED"), start,
				clientIp, null);
	}

	/**
	 * Records two-factor sign-in turned on or off, or the attempt.
	 * @param action the record's action
	 * @param user the user
	 * @param result the outcome
	 * @param start when the request began
	 * @param clientIp the client's address
	 */
	public void twoFactorChange(String action, SignedInUser user, SignInResult result, OffsetDateTime start,
			@Nullable String clientIp) {
		write(user.tenantId(), user.userId(), action, parameters("userId", user.userId(), "result", result.outcome()),
				start, clientIp, result.message());
	}

	/**
	 * Records a remembered client forgotten.
	 * @param user the user
	 * @param clientId the client
	 * @param forgotten whether the user had it
	 * @param start when the request began
	 * @param clientIp the client's address
	 */
	public void clientForgotten(SignedInUser user, long clientId, boolean forgotten, OffsetDateTime start,
			@Nullable String clientIp) {
		write(user.tenantId(), user.userId(), "ForgetRememberedClient", parameters("userId", user.userId(), "clientId",
				clientId, "result", forgotten ? "FORGOTTEN" : "UNKNOWN"), start, clientIp, null);
	}

	/**
	 * Records a password reset, or the attempt.
	 * @param tenantId the user's tenant, when known
	 * @param userId the user the code was given for
	 * @param reset whether the password was set
	 * @param outcome the outcome
	 * @param message what the user was told, {@code null} on success
	 * @param start when the request began
	 * @param clientIp the client's address
	 */
	public void reset(@Nullable Integer tenantId, long userId, boolean reset, Object outcome, @Nullable String message,
			OffsetDateTime start, @Nullable String clientIp) {
		write(tenantId, reset ? userId : null, "ResetPassword", parameters("userId", userId, "result", outcome), start,
				clientIp, message);
	}

	/**
	 * Records a passkey's sign-in, registration or removal, or the attempt, with why it
	 * was refused.
	 * @param action the record's action
	 * @param tenantId the user's tenant, when known
	 * @param userId the user, when known
	 * @param result the outcome
	 * @param reason why the passkey was refused, {@code null} when it was not
	 * @param message what the user was told, {@code null} on success
	 * @param start when the request began
	 * @param clientIp the client's address
	 */
	public void passkey(String action, @Nullable Integer tenantId, @Nullable Long userId, Object result,
			@Nullable Object reason, @Nullable String message, OffsetDateTime start, @Nullable String clientIp) {
		write(tenantId, userId, action, parameters("userId", userId, "result", result, "reason", reason), start,
				clientIp, message);
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
