package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.security.core.AuthenticationException;

/**
 * A sign-in refused because the client's address made too many attempts: nothing was checked.
 */
public final class SignInThrottledException extends AuthenticationException {

	private final Duration retryAfter;

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
