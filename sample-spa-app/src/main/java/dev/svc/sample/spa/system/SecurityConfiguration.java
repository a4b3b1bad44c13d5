package dev.svc.sample.spa.system;

import java.util.concurrent.ConcurrentHashMap;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;

/**
 * Token-or-cookie security: the pages behind the login need a signed-in user, who signs in on
 * {@code /ui/login} (the GraphQL module's cookie sign-in takes the page's JSON post) and is kept in
 * a Spring Session. Scripts get bearer tokens from the module's token sign-in. The module secures
 * its GraphQL endpoint and its sign-in paths itself.
 */
@Configuration(proxyBeanMethods = false)
@EnableSpringHttpSession
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http) {
		return http
			.authorizeHttpRequests((requests) -> requests
				.requestMatchers("/ui/login", "/ui/login.html", "/ui/*.js", "/ui/*.css", "/error")
				.permitAll()
				.requestMatchers(HttpMethod.GET, "/")
				.permitAll()
				.anyRequest()
				.authenticated())
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/ui/login")))
			.build();
	}

	@Bean
	MapSessionRepository sessionRepository() {
		return new MapSessionRepository(new ConcurrentHashMap<>());
	}

}
