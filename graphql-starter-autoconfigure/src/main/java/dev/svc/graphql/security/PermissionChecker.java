package dev.svc.graphql.security;

import java.util.Collection;

import dev.svc.graphql.context.UserContext;

/**
 * Decides whether a user holds a permission; declare a bean to ask another authority than
 * the user context.
 */
@FunctionalInterface
public interface PermissionChecker {

	/**
	 * Whether the user holds the permission.
	 * @param user the caller, signed in
	 * @param permissionName the permission
	 * @return whether it is granted
	 */
	boolean isGranted(UserContext user, String permissionName);

	/**
	 * Whether the user is signed in and holds at least one of the permissions.
	 * @param user the caller, signed in or not
	 * @param permissionNames the permissions, any one of which is enough
	 * @return whether one of them is granted; {@code false} for an anonymous caller
	 */
	default boolean isGrantedAny(UserContext user, Collection<String> permissionNames) {
		if (!user.isAuthenticated()) {
			return false;
		}
		for (String permissionName : permissionNames) {
			if (isGranted(user, permissionName)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The default checker, granting what the user context lists.
	 * @return the checker
	 */
	static PermissionChecker fromUserContext() {
		return (user, permissionName) -> user.grantedPermissions().contains(permissionName);
	}

}
