package dev.svc.graphql.context;

import java.io.Serializable;
import java.security.Principal;

import org.jspecify.annotations.Nullable;

/**
 * The principal of a signed-in user, as the sign-in paths put it into the security
 * context (and from there into the session). The default {@link UserContextResolver}
 * recognises it.
 *
 * @param userId the user's id
 * @param tenantId the user's tenant, {@code null} for a host user
 * @param userName the user's name
 * @param sessionId the module's session the user signed in to (a token's or a cookie's),
 * which ends on log-out, deactivation, lockout or a password change; {@code null} when
 * the user was signed in some other way
 * @serial exclude the sessions' own form, not an API
 */
public record SignedInUser(long userId, @Nullable Integer tenantId, String userName,
		@Nullable String sessionId) implements Principal, Serializable {

	/**
	 * A user signed in to no session of the module.
	 * @param userId the user's id
	 * @param tenantId the user's tenant, {@code null} for a host user
	 * @param userName the user's name
	 */
	public SignedInUser(long userId, @Nullable Integer tenantId, String userName) {
		this(userId, tenantId, userName, null);
	}

	@Override
	public String getName() {
		return this.userName;
	}

}
