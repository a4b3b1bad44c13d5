package dev.svc.graphql.signin;

import java.util.List;

import org.springframework.security.core.AuthenticationException;

/** The password was right: sign in again with it and a code of one of the providers. */
public final class TwoFactorRequiredException extends AuthenticationException {

	private final long userId;

	private final List<String> providers;

	/**
	 * A sign-in that needs a second factor.
	 * @param message the message for the client
	 * @param userId the user
	 * @param providers the providers whose codes the user may give
	 */
	public TwoFactorRequiredException(String message, long userId, List<String> providers) {
		super(message);
		this.userId = userId;
		this.providers = List.copyOf(providers);
	}

	/**
	 * The user.
	 * @return the user's id
	 */
	public long getUserId() {
		return this.userId;
	}

	/**
	 * The ways the user can give its code.
	 * @return {@code GoogleAuthenticator}, {@code Email}, {@code Phone}
	 */
	public List<String> getProviders() {
		return this.providers;
	}

}
