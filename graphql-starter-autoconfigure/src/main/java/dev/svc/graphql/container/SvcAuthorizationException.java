package dev.svc.graphql.container;

import dev.svc.graphql.error.UserFriendlyException;

/** The caller is not signed in or lacks a permission a handler requires. */
final class SvcAuthorizationException extends UserFriendlyException {

	/**
	 * Creates the refusal.
	 * @param message the specification's message: who must sign in, or which permission
	 * is missing
	 */
	SvcAuthorizationException(String message) {
		super(message);
	}

}
