package dev.svc.graphql.context;

import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * An authenticated {@link SignedInUser} principal is signed in; anything else is
 * anonymous, in the tenant of the request's header. A permission that a deployment
 * reserves for passkey sign-ins is held only by a user whose sign-in was a passkey's
 * ({@link SignedInUser#passkey()}).
 */
final class SecurityContextUserContextResolver implements UserContextResolver {

	private final @Nullable Function<SignedInUser, Set<String>> grantedPermissions;

	private final Set<String> passkeyPermissions;

	SecurityContextUserContextResolver(@Nullable Function<SignedInUser, Set<String>> grantedPermissions,
			Set<String> passkeyPermissions) {
		this.grantedPermissions = grantedPermissions;
		this.passkeyPermissions = Set.copyOf(passkeyPermissions);
	}

	@Override
	public UserContext resolve(WebGraphQlRequest request) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.isAuthenticated()
				&& authentication.getPrincipal() instanceof SignedInUser user) {
			Set<String> permissions = (this.grantedPermissions != null) ? this.grantedPermissions.apply(user)
					: authentication.getAuthorities()
						.stream()
						.filter((authority) -> !(authority instanceof FactorGrantedAuthority))
						.map(GrantedAuthority::getAuthority)
						.collect(Collectors.toUnmodifiableSet());
			return UserContext.signedIn(user, permissions, this.passkeyPermissions);
		}
		return AnonymousUserContextResolver.INSTANCE.resolve(request);
	}

}
