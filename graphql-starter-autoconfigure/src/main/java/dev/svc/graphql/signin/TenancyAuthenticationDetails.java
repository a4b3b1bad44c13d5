package dev.svc.graphql.signin;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * The details of a login form post: the caller's address and the tenancy name the user typed
 * (request parameter {@value #TENANCY_NAME_PARAMETER}, empty for the host).
 */
public final class TenancyAuthenticationDetails extends WebAuthenticationDetails {

	/** The login form's field for the tenancy name. */
	public static final String TENANCY_NAME_PARAMETER = "tenancyName";

	private final @Nullable String tenancyName;

	public TenancyAuthenticationDetails(HttpServletRequest request) {
		this(request, request.getParameter(TENANCY_NAME_PARAMETER));
	}

	/**
	 * Details of a sign-in whose tenancy name did not come as a request parameter, for example
	 * from a JSON body.
	 * @param request the request
	 * @param tenancyName the tenancy name, {@code null} or empty for the host
	 */
	public TenancyAuthenticationDetails(HttpServletRequest request, @Nullable String tenancyName) {
		super(request);
		this.tenancyName = tenancyName;
	}

	/**
	 * The tenancy name of the form.
	 * @return the name, {@code null} or empty for the host
	 */
	public @Nullable String getTenancyName() {
		return this.tenancyName;
	}

}
