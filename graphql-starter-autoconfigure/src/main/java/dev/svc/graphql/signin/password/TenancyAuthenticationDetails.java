package dev.svc.graphql.signin.password;

import java.time.OffsetDateTime;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * The details of a login form post: the caller's address and the tenancy name the user
 * typed (request parameter {@value #TENANCY_NAME_PARAMETER}, empty for the host).
 */
public final class TenancyAuthenticationDetails extends WebAuthenticationDetails {

	/** The login form's field for the tenancy name. */
	public static final String TENANCY_NAME_PARAMETER = "tenancyName";

	private final @Nullable String tenancyName;

	/** Kept out of the session, where the signed-in user's details go. */
	private final transient SecondFactor secondFactor;

	/** What the sign-in ended in, for the answer and the audit record of its event. */
	private transient @Nullable Attempt attempt;

	/**
	 * Details of a sign-in by form, whose tenancy name is a request parameter.
	 * @param request the sign-in request
	 */
	public TenancyAuthenticationDetails(HttpServletRequest request) {
		this(request, request.getParameter(TENANCY_NAME_PARAMETER));
	}

	/**
	 * Details of a sign-in whose tenancy name came otherwise, for example in a JSON body.
	 * @param request the request
	 * @param tenancyName the tenancy name, {@code null} or empty for the host
	 */
	public TenancyAuthenticationDetails(HttpServletRequest request, @Nullable String tenancyName) {
		this(request, tenancyName, SecondFactor.NONE);
	}

	/**
	 * Details of a sign-in that may bring a second factor.
	 * @param request the request
	 * @param tenancyName the tenancy name, {@code null} or empty for the host
	 * @param secondFactor the code or client token, or {@link SecondFactor#NONE}
	 */
	public TenancyAuthenticationDetails(HttpServletRequest request, @Nullable String tenancyName,
			SecondFactor secondFactor) {
		super(request);
		this.tenancyName = tenancyName;
		this.secondFactor = secondFactor;
	}

	/**
	 * The tenancy name of the form.
	 * @return the name, {@code null} or empty for the host
	 */
	public @Nullable String getTenancyName() {
		return this.tenancyName;
	}

	// no bean getter, nor the token's below: the details go into authentication events,
	// which a host's audit (Spring Boot's AuditListener) may keep and serve as JSON
	SecondFactor secondFactor() {
		return (this.secondFactor != null) ? this.secondFactor : SecondFactor.NONE;
	}

	/**
	 * The token to skip the second step with, when asked for and the sign-in succeeded.
	 * @return the token, or {@code null}
	 */
	public @Nullable String twoFactorRememberClientToken() {
		return (this.attempt != null) ? this.attempt.result().twoFactorRememberClientToken() : null;
	}

	@Nullable Attempt attempt() {
		return this.attempt;
	}

	void attempted(Attempt attempt) {
		this.attempt = attempt;
	}

	/**
	 * A sign-in as its audit record tells it.
	 *
	 * @param result what it ended in
	 * @param login the name typed, {@code null} when the input was refused unchecked
	 * @param refusal whether nothing was checked (throttled, or input refused), which the
	 * audit records up to a quota per address
	 * @param started when it started
	 */
	record Attempt(SignInResult result, @Nullable String login, boolean refusal, OffsetDateTime started) {
	}

}
