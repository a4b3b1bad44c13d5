package dev.svc.graphql.security;

import java.util.List;
import java.util.Set;
import java.util.function.Function;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.context.UserContext;

import org.springframework.security.authorization.AuthorizationDecision;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.core.Authentication;

/**
 * Spring Security authorization by identity-data permissions, for a host's own paths.
 *
 * <pre class="code">
 * http.authorizeHttpRequests((requests) -&gt; requests
 *     .requestMatchers("/admin/**").access(permissions.require("Pages.Administration"))
 *     .requestMatchers(EndpointRequest.toAnyEndpoint()).access(permissions.requireOnHost("Pages.Administration")));
 * </pre>
 */
public final class PermissionAuthorization {

	private final Function<SignedInUser, Set<String>> grantedPermissions;

	private final PermissionChecker checker;

	private final Set<String> passkeyPermissions;

	/**
	 * Creates the authorization; the module declares it wherever it signs users in.
	 * @param grantedPermissions loads the permissions of a signed-in user
	 * @param checker decides whether a user holds a permission
	 * @param passkeyPermissions the permissions held only by a user whose sign-in was a
	 * passkey's ({@link SignedInUser#passkey()},
	 * {@code graphql.sign-in.passkey.required-for})
	 */
	public PermissionAuthorization(Function<SignedInUser, Set<String>> grantedPermissions, PermissionChecker checker,
			Set<String> passkeyPermissions) {
		this.grantedPermissions = grantedPermissions;
		this.checker = checker;
		this.passkeyPermissions = Set.copyOf(passkeyPermissions);
	}

	/**
	 * Lets in a signed-in user holding at least one of the permissions.
	 * @param permissions the names of the permissions
	 * @param <T> the kind of object secured
	 * @return the authorization manager
	 */
	public <T> AuthorizationManager<T> require(String... permissions) {
		return (authentication,
				object) -> new AuthorizationDecision(holdsAny(authentication.get(), false, permissions));
	}

	/**
	 * Lets in a signed-in host user (of no tenant) holding at least one of the
	 * permissions, and no tenant's user whatever it holds: for what is the whole
	 * application's, such as its operations (metrics, requests of every tenant), which a
	 * tenant's administrator holding every permission of its tenant must not read.
	 * @param permissions the names of the permissions
	 * @param <T> the kind of object secured
	 * @return the authorization manager
	 */
	public <T> AuthorizationManager<T> requireOnHost(String... permissions) {
		return (authentication, object) -> new AuthorizationDecision(holdsAny(authentication.get(), true, permissions));
	}

	private boolean holdsAny(Authentication authentication, boolean hostOnly, String[] permissions) {
		if (authentication == null || !authentication.isAuthenticated()
				|| !(authentication.getPrincipal() instanceof SignedInUser user)
				|| (hostOnly && user.tenantId() != null)) {
			return false;
		}
		return this.checker.isGrantedAny(
				UserContext.signedIn(user, this.grantedPermissions.apply(user), this.passkeyPermissions),
				List.of(permissions));
	}

}
