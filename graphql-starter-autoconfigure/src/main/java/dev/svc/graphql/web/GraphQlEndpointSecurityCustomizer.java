package dev.svc.graphql.web;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;

/**
 * Adds to the GraphQL endpoint's own security filter chain, for example a way to
 * authenticate callers: the token sign-in adds bearer tokens this way. Declare a bean of
 * this type; unlike a {@code Customizer<HttpSecurity>} bean, it changes only the
 * endpoint's chain. Customizers run after the chain's own settings and before its last
 * request rule (every request not matched before is let in, each query field checking its
 * own permission), so a rule they add for a path comes first.
 */
@FunctionalInterface
public interface GraphQlEndpointSecurityCustomizer {

	/**
	 * Customizes the chain before it is built.
	 * @param http the endpoint's chain, already limited to the endpoint's path
	 */
	void customize(HttpSecurity http);

}
