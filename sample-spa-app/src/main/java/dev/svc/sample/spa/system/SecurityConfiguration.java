package dev.svc.sample.spa.system;

import dev.svc.graphql.security.PermissionAuthorization;
import dev.svc.graphql.security.PermissionDefinition;
import dev.svc.graphql.security.SecurityHeaders;
import jakarta.servlet.DispatcherType;

import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.observation.SecurityObservationSettings;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;

/**
 * Token-or-cookie security: the pages behind the login need a signed-in user (the
 * actuator endpoints but the health check a host administrator: operations are the whole
 * application's, not a tenant's), who signs in on {@code /ui/login} (the GraphQL module's
 * cookie sign-in takes the page's JSON post) and is kept in a Spring Session in the
 * database. Scripts, and the login page when asked to, get bearer tokens from the
 * module's token sign-in; the token page is static and public, its script holds the
 * token. The module secures its GraphQL endpoint and its sign-in paths itself.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	/** The pages load scripts of this origin only, never inline or evaluated ones. */
	private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
			+ "style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; "
			+ "base-uri 'none'; object-src 'none'";

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, PermissionAuthorization permissions,
			CsrfTokenRepository csrfTokens) {
		return http
			.authorizeHttpRequests((requests) -> requests.dispatcherTypeMatchers(DispatcherType.ERROR)
				.permitAll()
				// the error page is for errors, not a page to ask for
				.requestMatchers("/error")
				.denyAll()
				.requestMatchers("/ui/login", "/ui/login.html", "/ui/token", "/ui/token.html", "/ui/reset-password",
						"/ui/reset-password.html", "/ui/passkeys", "/ui/passkeys.html", "/ui/*.js", "/ui/*.css")
				.permitAll()
				.requestMatchers(EndpointRequest.to(HealthEndpoint.class))
				.permitAll()
				// every method: the endpoints' own matcher takes the index for GET alone,
				// and it
				// answers HEAD and OPTIONS too
				.requestMatchers(EndpointRequest.toAnyEndpoint(), PathPatternRequestMatcher.pathPattern("/actuator/**"))
				.access(permissions.requireOnHost(PermissionDefinition.ADMINISTRATION))
				.requestMatchers(HttpMethod.GET, "/")
				.permitAll()
				.anyRequest()
				.authenticated())
			.csrf((csrf) -> csrf.csrfTokenRepository(csrfTokens))
			.headers((headers) -> SecurityHeaders
				.add(headers.contentSecurityPolicy((csp) -> csp.policyDirectives(CONTENT_SECURITY_POLICY))))
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/ui/login")))
			.build();
	}

	/**
	 * No observation of each request's way through the security filter chains (Spring
	 * Security's default with an observation registry): switching it off by name still
	 * wraps every filter of every request in an observing decorator. Sign-ins and
	 * authorization decisions stay observed.
	 */
	@Bean
	SecurityObservationSettings securityObservationSettings() {
		return SecurityObservationSettings.withDefaults().shouldObserveRequests(false).build();
	}

	/**
	 * CSRF tokens, which a refused form post would otherwise store in a new session, are
	 * kept in an HttpOnly cookie; the GraphQL module's login checks them there too.
	 */
	@Bean
	CsrfTokenRepository csrfTokenRepository() {
		return new CookieCsrfTokenRepository();
	}

}
