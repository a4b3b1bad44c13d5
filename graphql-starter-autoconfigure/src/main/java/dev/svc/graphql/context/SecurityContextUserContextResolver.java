package dev.svc.graphql.context;

import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.context.SecurityContextHolder;

/**
 * An authenticated {@link SignedInUser} principal is signed in; anything else is
 * anonymous, in the tenant of the request's header.
 */
final class SecurityContextUserContextResolver implements UserContextResolver {

	private final @Nullable Function<SignedInUser, Set<String>> grantedPermissions;

	SecurityContextUserContextResolver(@Nullable Function<SignedInUser, Set<String>> grantedPermissions) {
		this.grantedPermissions = grantedPermissions;
	}

	@Override
	public UserContext resolve(WebGraphQlRequest request) {
		Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
		if (authentication != null && authentication.isAuthenticated()
				&& authentication.getPrincipal() instanceof SignedInUser user) {
			Set<String> permissions = (this.grantedPermissions != null) ? this.grantedPermissions.apply(user)
					: authentication.getAuthorities()
						.stream()
						.map(GrantedAuthority::getAuthority)
						.collect(Collectors.toUnmodifiableSet());
			return UserContext.signedIn(user, permissions);
		}
		return AnonymousUserContextResolver.INSTANCE.resolve(request);
	}

}
