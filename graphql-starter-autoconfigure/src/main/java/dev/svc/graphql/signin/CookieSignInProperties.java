package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The cookie sign-in ({@code graphql.sign-in.cookie.*}). */
@ConfigurationProperties("graphql.sign-in.cookie")
public class CookieSignInProperties {

	/**
	 * Whether users sign in with a session cookie by posting tenancy name, user name or
	 * e-mail address and password to the login path, as a form (with the host's CSRF
	 * token) or JSON.
	 */
	private boolean enabled;

	/** Path the login form or script posts to; the page (GET) is the host's. */
	private String loginPath = "/Account/Login";

	/**
	 * Where a signed-in form post is sent, unless it was on the way to another page of
	 * the host; a JSON post gets it as targetUrl.
	 */
	private String successUrl = "/";

	/**
	 * Path that ends the session: a POST, as a form (with the host's CSRF token) or JSON.
	 * A form post is sent to the login page, a JSON post gets {"success": true,
	 * "targetUrl": login path}.
	 */
	private String logoutPath = "/Account/Logout";

	/**
	 * Path where a user who must change its password sets a new one: the host's page
	 * (GET) and the POST that sets it. A login form post of such a user is sent here (the
	 * reset code's digest stays in the session); a form post here takes the new password
	 * ("password") and is sent to the login page with "?passwordChanged", or back with
	 * "?error". A JSON post takes {"userId", "resetCode", "password"}, as the JSON login
	 * answered them.
	 */
	private String passwordResetPath = "/Account/ResetPassword";

	/**
	 * Longest a cookie session lasts however active, the cookie sign-in's and a host's
	 * own form login's alike.
	 */
	private Duration sessionLifetime = Duration.ofHours(12);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public String getLoginPath() {
		return this.loginPath;
	}

	public void setLoginPath(String loginPath) {
		this.loginPath = loginPath;
	}

	public String getSuccessUrl() {
		return this.successUrl;
	}

	public void setSuccessUrl(String successUrl) {
		this.successUrl = successUrl;
	}

	public String getLogoutPath() {
		return this.logoutPath;
	}

	public void setLogoutPath(String logoutPath) {
		this.logoutPath = logoutPath;
	}

	public String getPasswordResetPath() {
		return this.passwordResetPath;
	}

	public void setPasswordResetPath(String passwordResetPath) {
		this.passwordResetPath = passwordResetPath;
	}

	public Duration getSessionLifetime() {
		return this.sessionLifetime;
	}

	public void setSessionLifetime(Duration sessionLifetime) {
		this.sessionLifetime = sessionLifetime;
	}

}
