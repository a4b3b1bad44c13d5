package dev.svc.graphql.security;

import dev.svc.graphql.error.UserFriendlyException;

/**
 * A handler requires a permission that the caller does not hold, or the caller is not
 * signed in. Its code is {@code SVC_AUTHORIZATION}.
 */
public class SvcAuthorizationException extends UserFriendlyException {

	/**
	 * A refusal for want of sign-in or permission.
	 * @param message the specification's message: who must sign in, or which permission
	 * is missing
	 */
	public SvcAuthorizationException(String message) {
		super(message);
	}

}
