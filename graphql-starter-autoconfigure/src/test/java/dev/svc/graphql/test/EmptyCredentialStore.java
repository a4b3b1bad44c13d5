package dev.svc.graphql.test;

import java.util.Optional;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.UserCredentials;

/**
 * The credential store of a host that keeps its identity data elsewhere, with nobody in
 * it.
 */
public final class EmptyCredentialStore implements CredentialStore {

	@Override
	public Optional<UserCredentials> findCredentials(Integer tenantId, String userNameOrEmailAddress) {
		return Optional.empty();
	}

}
