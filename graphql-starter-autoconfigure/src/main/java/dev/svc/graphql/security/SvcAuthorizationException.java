package dev.svc.graphql.security;

import dev.svc.graphql.error.UserFriendlyException;

/** The caller is not signed in or lacks a permission a handler requires. */
public class SvcAuthorizationException extends UserFriendlyException {

	/**
	 * Creates the refusal.
	 * @param message the specification's message: who must sign in, or which permission
	 * is missing
	 */
	public SvcAuthorizationException(String message) {
		super(message);
	}

}
