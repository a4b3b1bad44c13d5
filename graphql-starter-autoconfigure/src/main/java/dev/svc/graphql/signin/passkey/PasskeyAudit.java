package dev.svc.graphql.signin.passkey;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.signin.password.SignInAudit;
import dev.svc.graphql.signin.password.SignInResult;

import org.springframework.context.ApplicationListener;
import org.springframework.security.authentication.event.AbstractAuthenticationEvent;
import org.springframework.security.authentication.event.AbstractAuthenticationFailureEvent;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;

/**
 * The audit records of passkey sign-ins, written from Spring Security's authentication
 * events of the passkey managers, as the password sign-in's are: each success, and each
 * refusal with its reason (throttled ones and bodies that are no credential up to the
 * quota of refused attempts per address).
 */
final class PasskeyAudit implements ApplicationListener<AbstractAuthenticationEvent> {

	static final String SIGN_IN = "PasskeySignIn";

	private final SignInAudit audit;

	PasskeyAudit(SignInAudit audit) {
		this.audit = audit;
	}

	@Override
	public void onApplicationEvent(AbstractAuthenticationEvent event) {
		if (!(event instanceof AuthenticationSuccessEvent || event instanceof AbstractAuthenticationFailureEvent)
				|| !(event.getAuthentication().getDetails() instanceof PasskeyAuthenticationDetails details)) {
			return;
		}
		PasskeyAuthenticationDetails.Attempt attempt = details.attempt();
		String clientIp = ClientAddress.literal(details.getRemoteAddress());
		if (attempt == null || (attempt.refusal() && !this.audit.recordsRefusal(clientIp, attempt.started()))) {
			return;
		}
		SignInResult result = attempt.result();
		this.audit.passkey(SIGN_IN, attempt.tenantId(), attempt.userId(), result.outcome(), attempt.reason(),
				result.message(), attempt.started(), clientIp);
	}

}
