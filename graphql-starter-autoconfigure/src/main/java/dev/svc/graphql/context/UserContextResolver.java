package dev.svc.graphql.context;

import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.graphql.server.WebGraphQlRequest;

/**
 * Tells who runs a GraphQL request. The module's default reads the Spring Security
 * context and the identity store; declare a bean of this type to authenticate queries
 * another way.
 */
@FunctionalInterface
public interface UserContextResolver {

	/**
	 * The name of the header that selects the tenant of an anonymous call.
	 */
	String TENANT_HEADER = "Svc-TenantId";

	/**
	 * Resolves the caller of a request. Runs on the request's thread.
	 * @param request the request
	 * @return the user context, never {@code null}
	 */
	UserContext resolve(WebGraphQlRequest request);

	/**
	 * A resolver that reads the signed-in user from Spring Security's context. The
	 * principal must be a {@link SignedInUser}.
	 * @param grantedPermissions loads the permissions of a user; {@code null} to take the
	 * authentication's authorities as its permissions
	 * @return the resolver
	 */
	static UserContextResolver fromSecurityContext(@Nullable Function<SignedInUser, Set<String>> grantedPermissions) {
		return new SecurityContextUserContextResolver(grantedPermissions);
	}

	/**
	 * A resolver for hosts without Spring Security: every caller is anonymous.
	 * @return the resolver
	 */
	static UserContextResolver anonymousOnly() {
		return AnonymousUserContextResolver.INSTANCE;
	}

}
