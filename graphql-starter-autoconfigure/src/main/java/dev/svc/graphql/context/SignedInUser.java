package dev.svc.graphql.context;

import java.io.Serializable;
import java.security.Principal;

import org.jspecify.annotations.Nullable;

/**
 * A signed-in user's principal, as the sign-in paths put it in the security context (and
 * so the session), recognised by the default {@link UserContextResolver}.
 *
 * @param userId the user's id
 * @param tenantId the user's tenant, {@code null} for a host user
 * @param userName the user's name
 * @param sessionId the module's session (a token's or a cookie's), which ends on log-out,
 * deactivation, lockout or a password change; {@code null} when signed in otherwise
 * @param passkey whether the sign-in was a passkey's: the principal, not an authority,
 * says so, as Spring Security copies authorities from one authentication to another
 * (multi-factor sign-ins, a bearer token sent with a session cookie) and a principal
 * stays its own
 * @serial exclude the sessions' own form, not an API
 */
public record SignedInUser(long userId, @Nullable Integer tenantId, String userName, @Nullable String sessionId,
		boolean passkey) implements Principal, Serializable {

	/**
	 * A user signed in to no session of the module.
	 * @param userId the user's id
	 * @param tenantId the user's tenant, {@code null} for a host user
	 * @param userName the user's name
	 */
	public SignedInUser(long userId, @Nullable Integer tenantId, String userName) {
		this(userId, tenantId, userName, null, false);
	}

	/**
	 * A user signed in with a password to a session of the module.
	 * @param userId the user's id
	 * @param tenantId the user's tenant, {@code null} for a host user
	 * @param userName the user's name
	 * @param sessionId the session
	 */
	public SignedInUser(long userId, @Nullable Integer tenantId, String userName, @Nullable String sessionId) {
		this(userId, tenantId, userName, sessionId, false);
	}

	@Override
	public String getName() {
		return this.userName;
	}

}
