package dev.svc.graphql.context;

import java.util.Set;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

/**
 * Who runs a query: a signed-in user with its permissions, or an anonymous caller in the
 * tenant the request names.
 *
 * @param userId the user's id, {@code null} when anonymous
 * @param userName the user's name, {@code null} when anonymous
 * @param tenantId the tenant the query runs in, {@code null} for the host
 * @param grantedPermissions the names of the permissions the user holds
 */
public record UserContext(@Nullable Long userId, @Nullable String userName, @Nullable Integer tenantId,
		Set<String> grantedPermissions) {

	/**
	 * Copies the permissions, so that nobody can change them.
	 * @param userId the user's id
	 * @param userName the user's name
	 * @param tenantId the user's tenant
	 * @param grantedPermissions the user's permissions
	 */
	public UserContext {
		grantedPermissions = Set.copyOf(grantedPermissions);
	}

	/**
	 * An anonymous caller in the given tenant.
	 * @param tenantId the tenant, {@code null} for the host
	 * @return the context
	 */
	public static UserContext anonymous(@Nullable Integer tenantId) {
		return new UserContext(null, null, tenantId, Set.of());
	}

	/**
	 * A signed-in user.
	 * @param user the user
	 * @param grantedPermissions the names of its permissions
	 * @return the context
	 */
	public static UserContext signedIn(SignedInUser user, Set<String> grantedPermissions) {
		return new UserContext(user.userId(), user.userName(), user.tenantId(), grantedPermissions);
	}

	/**
	 * A signed-in user, holding the permissions reserved for passkey sign-ins only if its
	 * sign-in was a passkey's ({@code graphql.sign-in.passkey.required-for}).
	 * @param user the user
	 * @param grantedPermissions the names of its permissions
	 * @param passkeyPermissions the names of the permissions reserved for passkey
	 * sign-ins
	 * @return the context
	 */
	public static UserContext signedIn(SignedInUser user, Set<String> grantedPermissions,
			Set<String> passkeyPermissions) {
		if (user.passkey() || passkeyPermissions.isEmpty()) {
			return signedIn(user, grantedPermissions);
		}
		return signedIn(user,
				grantedPermissions.stream()
					.filter((permission) -> !passkeyPermissions.contains(permission))
					.collect(Collectors.toUnmodifiableSet()));
	}

	/**
	 * Whether a user is signed in.
	 * @return {@code true} unless anonymous
	 */
	public boolean isAuthenticated() {
		return this.userId != null;
	}

}
