package dev.svc.graphql.web;

import org.springframework.security.config.annotation.web.builders.HttpSecurity;

/**
 * A bean that adds to the endpoint's own security filter chain only (unlike a
 * {@code Customizer<HttpSecurity>}), such as the token sign-in's bearer tokens. It runs
 * before the chain's last rule (let every request in), so its path rules come first.
 */
@FunctionalInterface
public interface GraphQlEndpointSecurityCustomizer {

	/**
	 * Customizes the chain before it is built.
	 * @param http the endpoint's chain, already limited to the endpoint's path
	 */
	void customize(HttpSecurity http);

}
