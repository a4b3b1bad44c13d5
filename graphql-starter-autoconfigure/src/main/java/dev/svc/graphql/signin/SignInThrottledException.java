package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.security.core.AuthenticationException;

/** Too many attempts from the client's address: nothing was checked. */
public final class SignInThrottledException extends AuthenticationException {

	private final Duration retryAfter;

	/**
	 * A sign-in refused for the client's address.
	 * @param message the message for the client
	 * @param retryAfter how long the client must wait before it tries again
	 */
	public SignInThrottledException(String message, Duration retryAfter) {
		super(message);
		this.retryAfter = retryAfter;
	}

	/**
	 * How long the client must wait before it tries again.
	 * @return the time to wait, whole seconds
	 */
	public Duration getRetryAfter() {
		return this.retryAfter;
	}

}
