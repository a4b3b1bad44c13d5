package dev.svc.graphql.container;

import java.util.List;
import java.util.stream.Collectors;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.security.PermissionChecker;

/** The permission check of one {@code Query} field, before its handler or method runs. */
final class FieldAuthorization {

	private final List<String> required;

	private final PermissionChecker permissionChecker;

	private final String notGrantedMessage;

	FieldAuthorization(List<String> required, PermissionChecker permissionChecker, PermissionDefinitions permissions) {
		this.required = required;
		this.permissionChecker = permissionChecker;
		this.notGrantedMessage = "Required permissions are not granted. At least one of these permissions must be granted: "
				+ required.stream().map(permissions::displayNameOf).collect(Collectors.joining(", "));
	}

	void authorize(UserContext user) {
		if (this.required.isEmpty()) {
			return;
		}
		if (!user.isAuthenticated()) {
			throw new SvcAuthorizationException("Current user did not login to the application!");
		}
		if (!this.permissionChecker.isGrantedAny(user, this.required)) {
			throw new SvcAuthorizationException(this.notGrantedMessage);
		}
	}

}
