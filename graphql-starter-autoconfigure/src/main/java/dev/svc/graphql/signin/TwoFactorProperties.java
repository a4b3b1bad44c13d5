package dev.svc.graphql.signin;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Two-factor sign-in: a user who has set up an authenticator app (or gets codes by e-mail
 * or text message, when the host sends them) types a one-time code after its password.
 */
@ConfigurationProperties("graphql.sign-in.two-factor")
public class TwoFactorProperties {

	/**
	 * The name authenticator apps show the account under. Empty for the application's
	 * name (spring.application.name).
	 */
	private @Nullable String issuer;

	/**
	 * How long the second step that a sign-in with the right password opens stays open,
	 * from the password; codes sent by e-mail or text message work until it closes.
	 * Sending codes does not extend it.
	 */
	private Duration codeLifetime = Duration.ofMinutes(5);

	/**
	 * How long a client that asked to be remembered skips the second step.
	 */
	private Duration rememberClientLifetime = Duration.ofDays(30);

	/**
	 * Shortest time between two codes sent to a user by e-mail or text message. Asking
	 * sooner answers 429 with Retry-After.
	 */
	private Duration sendCooldown = Duration.ofSeconds(30);

	/**
	 * Most codes sent to a user by e-mail or text message in an hour. Asking for more
	 * answers 429 with Retry-After.
	 */
	private int maxCodesPerHour = 5;

	/**
	 * Whether two-factor codes "sent by e-mail" are written to the log instead, when the
	 * application declares no TwoFactorCodeSender. For development and demos only.
	 */
	private boolean logCodes;

	public @Nullable String getIssuer() {
		return this.issuer;
	}

	public void setIssuer(@Nullable String issuer) {
		this.issuer = issuer;
	}

	public Duration getCodeLifetime() {
		return this.codeLifetime;
	}

	public void setCodeLifetime(Duration codeLifetime) {
		this.codeLifetime = codeLifetime;
	}

	public Duration getRememberClientLifetime() {
		return this.rememberClientLifetime;
	}

	public void setRememberClientLifetime(Duration rememberClientLifetime) {
		this.rememberClientLifetime = rememberClientLifetime;
	}

	public Duration getSendCooldown() {
		return this.sendCooldown;
	}

	public void setSendCooldown(Duration sendCooldown) {
		this.sendCooldown = sendCooldown;
	}

	public boolean isLogCodes() {
		return this.logCodes;
	}

	public void setLogCodes(boolean logCodes) {
		this.logCodes = logCodes;
	}

	public int getMaxCodesPerHour() {
		return this.maxCodesPerHour;
	}

	public void setMaxCodesPerHour(int maxCodesPerHour) {
		this.maxCodesPerHour = maxCodesPerHour;
	}

}
