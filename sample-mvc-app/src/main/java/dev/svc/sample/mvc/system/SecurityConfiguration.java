package dev.svc.sample.mvc.system;

import dev.svc.graphql.limits.RequestBodyLimitFilter;
import dev.svc.graphql.security.PermissionAuthorization;
import dev.svc.graphql.security.PermissionDefinition;
import dev.svc.graphql.security.SecurityHeaders;
import jakarta.servlet.DispatcherType;

import org.springframework.boot.health.actuate.endpoint.HealthEndpoint;
import org.springframework.boot.security.autoconfigure.actuate.web.servlet.EndpointRequest;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.csrf.CookieCsrfTokenRepository;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.util.unit.DataSize;

/**
 * Cookie-only security: every page but the login page and the health check needs a
 * signed-in user (the other actuator endpoints a host administrator: operations are the
 * whole application's, not a tenant's), who signs in on {@code /Account/Login} (the
 * GraphQL module's cookie sign-in takes the form's post) and is kept in a Spring Session
 * in the database. No bearer tokens. The module secures its GraphQL endpoint itself.
 */
@Configuration(proxyBeanMethods = false)
class SecurityConfiguration {

	/** The pages load scripts of this origin only, never inline or evaluated ones. */
	private static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; "
			+ "style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; "
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
				.requestMatchers("/Account/TwoFactor")
				.authenticated()
				.requestMatchers("/Account/**")
				.permitAll()
				.requestMatchers(EndpointRequest.to(HealthEndpoint.class))
				.permitAll()
				// every method: the endpoints' own matcher takes the index for GET alone,
				// and it
				// answers HEAD and OPTIONS too
				.requestMatchers(EndpointRequest.toAnyEndpoint(), PathPatternRequestMatcher.pathPattern("/actuator/**"))
				.access(permissions.requireOnHost(PermissionDefinition.ADMINISTRATION))
				.anyRequest()
				.authenticated())
			.csrf((csrf) -> csrf.csrfTokenRepository(csrfTokens))
			.headers((headers) -> SecurityHeaders
				.add(headers.contentSecurityPolicy((csp) -> csp.policyDirectives(CONTENT_SECURITY_POLICY))))
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/Account/Login")))
			.build();
	}

	/**
	 * The login form's CSRF token is kept in an HttpOnly cookie, not in a session, so
	 * that a visit that does not sign in stores nothing on the server (the page it was on
	 * the way to is kept in a cookie by the module); the GraphQL module's login checks
	 * the token there too.
	 */
	@Bean
	CsrfTokenRepository csrfTokenRepository() {
		return new CookieCsrfTokenRepository();
	}

	/**
	 * The account pages' forms are small: larger bodies are refused before they are read,
	 * as the module refuses them on its own paths (the module's first filter cuts slow
	 * ones on every path).
	 */
	@Bean
	FilterRegistrationBean<RequestBodyLimitFilter> accountBodyLimit() {
		return RequestBodyLimitFilter.registration("accountBodyLimit", DataSize.ofKilobytes(16), "/Account/*");
	}

}
