package dev.svc.graphql.security;

import dev.svc.graphql.context.UserContext;

/**
 * Decides whether a user holds a permission. The default answers from the user context's granted
 * permissions; declare a bean of this type to ask another authority.
 */
@FunctionalInterface
public interface PermissionChecker {

	/**
	 * Whether the user holds the permission.
	 * @param user the caller, signed in
	 * @param permissionName the permission, for example {@code "Pages.Administration.Users"}
	 * @return whether it is granted
	 */
	boolean isGranted(UserContext user, String permissionName);

	/**
	 * The default checker: a permission is granted when the user context lists it.
	 * @return the checker
	 */
	static PermissionChecker fromUserContext() {
		return (user, permissionName) -> user.grantedPermissions().contains(permissionName);
	}

}
