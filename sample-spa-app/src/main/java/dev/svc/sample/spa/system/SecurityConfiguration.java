package dev.svc.sample.spa.system;

import java.util.concurrent.ConcurrentHashMap;

import dev.svc.sample.spa.token.BearerTokenFilter;
import dev.svc.sample.spa.token.TokenService;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;

/**
 * Token-or-cookie security: a valid bearer token signs one request in; the {@code /ui/login} page
 * signs the browser in with a session cookie. The GraphQL endpoint is open to everybody; each query
 * field checks its own permission.
 */
@Configuration(proxyBeanMethods = false)
@EnableSpringHttpSession
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, SecurityContextRepository securityContextRepository) {
		http.authorizeHttpRequests((requests) -> requests
			.requestMatchers("/ui/login", "/ui/login.html", "/ui/*.js", "/ui/*.css", "/api/TokenAuth/**", "/error")
			.permitAll()
			.requestMatchers(HttpMethod.GET, "/")
			.permitAll()
			.anyRequest()
			.authenticated())
			.securityContext((context) -> context.securityContextRepository(securityContextRepository))
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/ui/login")))
			// These endpoints accept only application/json bodies, which no page of another site can
			// send without a CORS preflight, so a CSRF token would protect nothing there.
			.csrf((csrf) -> csrf.ignoringRequestMatchers("/api/TokenAuth/**", "/ui/login"));
		return http.build();
	}

	/**
	 * Bearer tokens sign requests in on every filter chain, the GraphQL module's included.
	 */
	@Bean
	Customizer<HttpSecurity> bearerTokens(TokenService tokens) {
		return (http) -> http.addFilterBefore(new BearerTokenFilter(tokens), BasicAuthenticationFilter.class);
	}

	@Bean
	SecurityContextRepository securityContextRepository() {
		return new HttpSessionSecurityContextRepository();
	}

	@Bean
	MapSessionRepository sessionRepository() {
		return new MapSessionRepository(new ConcurrentHashMap<>());
	}

}
