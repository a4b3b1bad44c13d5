package dev.svc.graphql.context;

import java.util.Set;
import java.util.function.Function;

import org.jspecify.annotations.Nullable;

import org.springframework.graphql.server.WebGraphQlRequest;

/**
 * Tells who runs a GraphQL request. The default reads Spring Security's context and the
 * identity store; declare a bean of this type to authenticate another way.
 */
@FunctionalInterface
public interface UserContextResolver {

	/** The header that selects an anonymous call's tenant. */
	String TENANT_HEADER = "Svc-TenantId";

	/**
	 * Resolves the caller of a request. Runs on the request's thread.
	 * @param request the request
	 * @return the user context, never {@code null}
	 */
	UserContext resolve(WebGraphQlRequest request);

	/**
	 * A resolver reading a {@link SignedInUser} principal from Spring Security's context.
	 * @param grantedPermissions loads a user's permissions; {@code null} takes the
	 * authentication's authorities
	 * @param passkeyPermissions the permissions held only by a user whose sign-in was a
	 * passkey's ({@code graphql.sign-in.passkey.required-for}, as
	 * {@link UserContextAutoConfiguration#passkeyPermissions} reads it)
	 * @return the resolver
	 */
	static UserContextResolver fromSecurityContext(@Nullable Function<SignedInUser, Set<String>> grantedPermissions,
			Set<String> passkeyPermissions) {
		return new SecurityContextUserContextResolver(grantedPermissions, passkeyPermissions);
	}

	/**
	 * A resolver for hosts without Spring Security: every caller is anonymous.
	 * @return the resolver
	 */
	static UserContextResolver anonymousOnly() {
		return AnonymousUserContextResolver.INSTANCE;
	}

}
