package dev.svc.graphql.signin.cookie;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.limits.RequestBodyLimitFilter;
import dev.svc.graphql.security.SecurityHeaders;
import dev.svc.graphql.signin.CookieSignInProperties;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.SignInProperties;
import dev.svc.graphql.signin.passkey.PasskeyAuthenticationProvider;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInService;
import dev.svc.graphql.signin.password.TenancyAuthenticationProvider;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import dev.svc.graphql.signin.twofactor.TwoFactorSignIn;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpMethod;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.authentication.UsernamePasswordAuthenticationFilter;
import org.springframework.security.web.authentication.session.ChangeSessionIdAuthenticationStrategy;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.csrf.CsrfTokenRepository;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.OrRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * The cookie sign-in with tenancy ({@code graphql.sign-in.cookie.enabled}, independent of
 * {@code graphql.enabled}): login, log-out and password reset POSTs, from any front end,
 * on a chain of their own, so the host's login page, other paths and users stay with the
 * host's chains. Switched on where the module signs nobody in (no
 * {@code CredentialStore}), it stops the start-up instead of backing off.
 */
@AutoConfiguration(after = SignInAutoConfiguration.class, afterName = {
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ SecurityFilterChain.class, SecurityFilterProperties.class })
@ConditionalOnBooleanProperty("graphql.sign-in.cookie.enabled")
@ConditionalOnBean(HttpSecurity.class)
@EnableConfigurationProperties({ CookieSignInProperties.class, SignInProperties.class })
public final class CookieSignInAutoConfiguration {

	static final String CHAIN = "svcCookieSignInSecurityFilterChain";

	/**
	 * A form post must carry the CSRF token of the host's login page (in the session or
	 * the host's {@link CsrfTokenRepository}); a JSON post needs none: no page of another
	 * site can send one without a CORS preflight. The {@link RequestCache} is the one the
	 * host's chain saved the page with.
	 */
	@Bean(CHAIN)
	@Order(PipelineOrder.SECURITY_FILTER_CHAIN)
	@ConditionalOnMissingBean(name = CHAIN)
	SecurityFilterChain svcCookieSignInSecurityFilterChain(HttpSecurity http, SignInService signInService,
			PasswordResetService passwordResetService, ObjectProvider<TwoFactorService> twoFactorService,
			ActiveSessions activeSessions, CookieSignInProperties cookie, RequestCache requestCache,
			ObjectProvider<CsrfTokenRepository> csrfTokens, ObjectProvider<PasskeyAuthenticationProvider> passkeys,
			ApplicationEventPublisher events) {
		RequestMatcher loginPosts = PathPatternRequestMatcher.withDefaults()
			.matcher(HttpMethod.POST, cookie.getLoginPath());
		TenancyLoginFilter login = new TenancyLoginFilter(loginPosts,
				new TenancyAuthenticationProvider(signInService, activeSessions).publishingEvents(events));
		LoginResponses responses = new LoginResponses(cookie.getLoginPath(), cookie.getSuccessUrl(),
				cookie.getPasswordResetPath(), TwoFactorSignIn.REMEMBER_CLIENT_LIFETIME, requestCache);
		login.setAuthenticationSuccessHandler(responses);
		login.setAuthenticationFailureHandler(responses);
		login.setSessionAuthenticationStrategy(new ChangeSessionIdAuthenticationStrategy());
		login.setSecurityContextRepository(new HttpSessionSecurityContextRepository());
		RequestMatcher logoutPosts = PathPatternRequestMatcher.withDefaults()
			.matcher(HttpMethod.POST, cookie.getLogoutPath());
		RequestMatcher resetPosts = PathPatternRequestMatcher.withDefaults()
			.matcher(HttpMethod.POST, cookie.getPasswordResetPath());
		RequestMatcher passkeyPosts = PathPatternRequestMatcher.withDefaults()
			.matcher(HttpMethod.POST, cookie.getLoginPath() + PasskeyLoginFilter.PATH);
		PasskeyAuthenticationProvider passkeyProvider = passkeys.getIfAvailable();
		if (passkeyProvider != null) {
			// the same answers, session strategy and context repository as the password's
			PasskeyLoginFilter passkey = new PasskeyLoginFilter(passkeyPosts,
					passkeyProvider.cookieSessions(activeSessions, events));
			passkey.setAuthenticationSuccessHandler(responses);
			passkey.setAuthenticationFailureHandler(responses);
			passkey.setSessionAuthenticationStrategy(new ChangeSessionIdAuthenticationStrategy());
			passkey.setSecurityContextRepository(new HttpSessionSecurityContextRepository());
			http.addFilterAfter(passkey, UsernamePasswordAuthenticationFilter.class);
		}
		return http
			.securityMatcher(
					(passkeyProvider != null) ? new OrRequestMatcher(loginPosts, logoutPosts, resetPosts, passkeyPosts)
							: new OrRequestMatcher(loginPosts, logoutPosts, resetPosts))
			.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
			.headers(SecurityHeaders::add)
			.csrf((csrf) -> {
				csrf.ignoringRequestMatchers(JsonRequests::isJson);
				csrfTokens.ifUnique(csrf::csrfTokenRepository);
			})
			.addFilterBefore(
					new SecondStepCodeFilter(loginPosts, cookie.getLoginPath(), twoFactorService.getIfAvailable()),
					UsernamePasswordAuthenticationFilter.class)
			.addFilterAt(login, UsernamePasswordAuthenticationFilter.class)
			.addFilterAfter(new PasswordResetFilter(resetPosts, passwordResetService, responses),
					UsernamePasswordAuthenticationFilter.class)
			.logout((logout) -> logout.logoutRequestMatcher(logoutPosts)
				.addLogoutHandler((request, response, authentication) -> {
					if (authentication != null && authentication.getPrincipal() instanceof SignedInUser user
							&& user.sessionId() != null) {
						activeSessions.end(user.sessionId());
					}
				})
				.logoutSuccessHandler(responses))
			.build();
	}

	/**
	 * A bean: Spring Security's chains, the host's among them, take it by themselves, so
	 * the host's chain saves the page where the login finds it.
	 */
	@Bean
	@ConditionalOnMissingBean
	RequestCache svcPageRequestCache() {
		return new PageRequestCache();
	}

	/**
	 * The message of a form post that failed, for the login and reset pages' GETs (the
	 * host's) in the request attribute {@code WebAttributes.AUTHENTICATION_EXCEPTION}.
	 */
	@Bean
	FilterRegistrationBean<FailureMessages> svcCookieSignInFailureMessages(CookieSignInProperties cookie) {
		FilterRegistrationBean<FailureMessages> registration = new FilterRegistrationBean<>(new FailureMessages());
		registration.setName("svcCookieSignInFailureMessages");
		registration.addUrlPatterns(cookie.getLoginPath(), cookie.getPasswordResetPath());
		return registration;
	}

	/**
	 * Small bodies only, refused before they are read, whatever the method: the host's
	 * page may share a path.
	 */
	@Bean
	FilterRegistrationBean<RequestBodyLimitFilter> svcCookieSignInBodyLimit(CookieSignInProperties cookie) {
		return RequestBodyLimitFilter.registration("svcCookieSignInBodyLimit", SignInInput.MAX_REQUEST_SIZE,
				cookie.getLoginPath(), cookie.getLogoutPath(), cookie.getPasswordResetPath(),
				cookie.getLoginPath() + PasskeyLoginFilter.PATH);
	}

}
