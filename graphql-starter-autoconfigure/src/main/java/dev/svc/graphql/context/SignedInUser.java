package dev.svc.graphql.context;

import java.io.Serializable;
import java.security.Principal;

import org.jspecify.annotations.Nullable;

/**
 * The principal of a signed-in user, as the sign-in paths put it into the security context (and
 * from there into the session). The default {@link UserContextResolver} recognises it.
 *
 * @param userId the user's id
 * @param tenantId the user's tenant, {@code null} for a host user
 * @param userName the user's name
 */
public record SignedInUser(long userId, @Nullable Integer tenantId, String userName) implements Principal, Serializable {

	@Override
	public String getName() {
		return this.userName;
	}

}
