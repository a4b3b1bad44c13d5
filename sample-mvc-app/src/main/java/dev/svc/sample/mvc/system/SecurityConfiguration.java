package dev.svc.sample.mvc.system;

import dev.svc.graphql.signin.SignInService;
import dev.svc.graphql.signin.TenancyAuthenticationDetails;
import dev.svc.graphql.signin.TenancyAuthenticationProvider;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Cookie-only security: a login form on {@code /Account/Login}, sessions through Spring Session,
 * no bearer tokens. The GraphQL module secures its endpoint itself: each query field checks its own
 * permission against the user of the session.
 */
@Configuration(proxyBeanMethods = false)
@EnableSpringHttpSession
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, SignInService signInService) {
		// the login form signs in the users of the identity data, and nobody else
		http.authenticationManager(new ProviderManager(new TenancyAuthenticationProvider(signInService)))
			.authorizeHttpRequests((requests) -> requests
			.requestMatchers("/Account/**", "/error")
			.permitAll()
			.anyRequest()
			.authenticated())
			.formLogin((form) -> form.loginPage("/Account/Login")
				.usernameParameter("userNameOrEmailAddress")
				.authenticationDetailsSource(TenancyAuthenticationDetails::new)
				.defaultSuccessUrl("/")
				.failureUrl("/Account/Login?error"))
			.logout((logout) -> logout.logoutUrl("/Account/Logout").logoutSuccessUrl("/Account/Login"));
		return http.build();
	}

	@Bean
	MapSessionRepository sessionRepository() {
		return new MapSessionRepository(new ConcurrentHashMap<>());
	}

}
