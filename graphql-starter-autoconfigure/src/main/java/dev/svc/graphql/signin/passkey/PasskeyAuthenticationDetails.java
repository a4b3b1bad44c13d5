package dev.svc.graphql.signin.passkey;

import java.time.OffsetDateTime;

import dev.svc.graphql.context.UserContextResolver;
import dev.svc.graphql.signin.password.SignInResult;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * The details of a passkey sign-in: the caller's address, the tenant its
 * {@value UserContextResolver#TENANT_HEADER} header names, and what the attempt ended in,
 * for its audit record.
 */
final class PasskeyAuthenticationDetails extends WebAuthenticationDetails {

	private final @Nullable String tenantHeader;

	private transient @Nullable Attempt attempt;

	PasskeyAuthenticationDetails(HttpServletRequest request) {
		super(request);
		this.tenantHeader = request.getHeader(UserContextResolver.TENANT_HEADER);
	}

	@Nullable String tenantHeader() {
		return this.tenantHeader;
	}

	@Nullable Attempt attempt() {
		return this.attempt;
	}

	void attempted(Attempt attempt) {
		this.attempt = attempt;
	}

	/**
	 * A passkey sign-in as its audit record tells it.
	 *
	 * @param result what it ended in
	 * @param reason why it was refused, {@code null} when not by a check of the passkey
	 * @param refusal whether nothing was checked (throttled, or no credential), which the
	 * audit records up to a quota per address
	 * @param started when it started
	 * @param userId the user the passkey is of, when it is known
	 * @param tenantId that user's tenant
	 */
	record Attempt(SignInResult result, PasskeyRefusal.@Nullable Reason reason, boolean refusal, OffsetDateTime started,
			@Nullable Long userId, @Nullable Integer tenantId) {
	}

}
