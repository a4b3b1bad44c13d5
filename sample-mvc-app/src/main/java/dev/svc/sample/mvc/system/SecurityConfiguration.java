package dev.svc.sample.mvc.system;

import java.util.concurrent.ConcurrentHashMap;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.LoginUrlAuthenticationEntryPoint;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;

/**
 * Cookie-only security: every page but the login page needs a signed-in user, who signs in on
 * {@code /Account/Login} (the GraphQL module's cookie sign-in takes the form's post) and is kept in
 * a Spring Session. No bearer tokens. The module secures its GraphQL endpoint itself.
 */
@Configuration(proxyBeanMethods = false)
@EnableSpringHttpSession
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http) {
		return http
			.authorizeHttpRequests((requests) -> requests.requestMatchers("/Account/**", "/error")
				.permitAll()
				.anyRequest()
				.authenticated())
			.exceptionHandling((exceptions) -> exceptions
				.authenticationEntryPoint(new LoginUrlAuthenticationEntryPoint("/Account/Login")))
			.logout((logout) -> logout.logoutUrl("/Account/Logout").logoutSuccessUrl("/Account/Login"))
			.build();
	}

	@Bean
	MapSessionRepository sessionRepository() {
		return new MapSessionRepository(new ConcurrentHashMap<>());
	}

}
