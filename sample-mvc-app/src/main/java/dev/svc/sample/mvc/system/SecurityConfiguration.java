package dev.svc.sample.mvc.system;

import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.signin.TenancyAuthenticationDetails;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.session.MapSessionRepository;
import org.springframework.session.config.annotation.web.http.EnableSpringHttpSession;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Cookie-only security: a login form on {@code /Account/Login}, sessions through Spring Session,
 * no bearer tokens. The GraphQL endpoint is open to everybody; each query field checks its own
 * permission.
 */
@Configuration(proxyBeanMethods = false)
@EnableSpringHttpSession
class SecurityConfiguration {

	@Bean
	SecurityFilterChain securityFilterChain(HttpSecurity http, SvcGraphQlProperties graphQl) {
		http.authorizeHttpRequests((requests) -> requests
			.requestMatchers("/Account/**", graphQl.getPath(), graphQl.getPlayground().getPath(), "/error")
			.permitAll()
			.anyRequest()
			.authenticated())
			.formLogin((form) -> form.loginPage("/Account/Login")
				.usernameParameter("userNameOrEmailAddress")
				.authenticationDetailsSource(TenancyAuthenticationDetails::new)
				.defaultSuccessUrl("/")
				.failureUrl("/Account/Login?error"))
			.logout((logout) -> logout.logoutUrl("/Account/Logout").logoutSuccessUrl("/Account/Login"))
			// The endpoint accepts only application/json bodies, which no page of another site can
			// send without a CORS preflight, so a CSRF token would protect nothing there.
			.csrf((csrf) -> csrf.ignoringRequestMatchers(graphQl.getPath()));
		return http.build();
	}

	@Bean
	MapSessionRepository sessionRepository() {
		return new MapSessionRepository(new ConcurrentHashMap<>());
	}

}
