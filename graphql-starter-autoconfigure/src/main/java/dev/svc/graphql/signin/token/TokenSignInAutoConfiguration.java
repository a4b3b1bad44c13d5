package dev.svc.graphql.signin.token;

import java.time.Clock;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.limits.RequestBodyLimitFilter;
import dev.svc.graphql.security.SecurityHeaders;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.passkey.PasskeyAuthenticationProvider;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInService;
import dev.svc.graphql.signin.password.TenancyAuthenticationProvider;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import dev.svc.graphql.signin.twofactor.TwoFactorSignIn;
import dev.svc.graphql.web.GraphQlEndpointSecurityCustomizer;
import io.jsonwebtoken.Jwts;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;

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
import org.springframework.context.annotation.Configuration;
import org.springframework.core.annotation.Order;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The token sign-in ({@code graphql.sign-in.token.enabled}, independent of
 * {@code graphql.enabled}): JWT access tokens from
 * {@code POST /api/TokenAuth/Authenticate}, accepted by the GraphQL endpoint as bearer
 * tokens. Switched on where the module signs nobody in (no {@code CredentialStore}), it
 * stops the start-up instead of backing off.
 */
@AutoConfiguration(after = SignInAutoConfiguration.class, afterName = {
		"org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration",
		"org.springframework.boot.security.autoconfigure.actuate.web.servlet.ManagementWebSecurityAutoConfiguration" })
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ Jwts.class, BearerTokenAuthenticationToken.class, SecurityFilterProperties.class })
@ConditionalOnBooleanProperty("graphql.sign-in.token.enabled")
@ConditionalOnBean(HttpSecurity.class)
@EnableConfigurationProperties({ TokenSignInProperties.class, SvcGraphQlProperties.class })
public final class TokenSignInAutoConfiguration {

	static final String CHAIN = "svcTokenSecurityFilterChain";

	@Bean
	TokenService svcTokenService(TokenSignInProperties properties, SvcGraphQlProperties module,
			ActiveSessions activeSessions, SignInSessions sessions, ObjectProvider<Clock> clock) {
		// an eighth of the memory budget (8 MB of 64 MB: some 5,800 tokens)
		return new TokenService(properties.getSigningKey(), properties.getAccessTokenLifetime(),
				properties.getRefreshTokenLifetime(), module.getMemoryBudget().toBytes() / 8, activeSessions, sessions,
				clock.getIfUnique(Clock::systemUTC));
	}

	@Bean
	TokenAuthController svcTokenAuthController(SignInService signInService, PasswordResetService passwordResetService,
			ObjectProvider<TwoFactorService> twoFactorService, TokenService svcTokenService,
			ApplicationEventPublisher events, ObjectProvider<Clock> clock) {
		// the tokens' session starts after the sign-in, ending with the refresh tokens
		return new TokenAuthController(
				new TenancyAuthenticationProvider(signInService, clock.getIfUnique(Clock::systemUTC)).publishingEvents(
						events),
				passwordResetService, twoFactorService.getIfAvailable(), svcTokenService);
	}

	/**
	 * The passkey sign-in, when passkeys are on: the same tokens, a manager of its own.
	 */
	@Bean
	@ConditionalOnBean(PasskeyAuthenticationProvider.class)
	PasskeyTokenController svcPasskeyTokenController(PasskeyAuthenticationProvider passkeys,
			TokenService svcTokenService, ApplicationEventPublisher events) {
		return new PasskeyTokenController(passkeys.tokens(events), svcTokenService);
	}

	@Bean
	@ConditionalOnBean(TwoFactorSignIn.class)
	TwoFactorController svcTwoFactorController(TokenService svcTokenService, TwoFactorSignIn twoFactorSignIn,
			TwoFactorService twoFactorService) {
		return new TwoFactorController(svcTokenService, twoFactorSignIn, twoFactorService);
	}

	/**
	 * No session, and no CSRF token: the endpoints accept only JSON bodies, which no page
	 * of another site can send without a CORS preflight.
	 */
	@Bean(CHAIN)
	@Order(PipelineOrder.SECURITY_FILTER_CHAIN)
	@ConditionalOnMissingBean(name = CHAIN)
	SecurityFilterChain svcTokenSecurityFilterChain(HttpSecurity http) {
		return http.securityMatcher("/api/TokenAuth/**", TokenAuthController.RESET_PASSWORD_PATH)
			.authorizeHttpRequests((requests) -> requests.anyRequest().permitAll())
			.headers(SecurityHeaders::add)
			.csrf(AbstractHttpConfigurer::disable)
			.requestCache(AbstractHttpConfigurer::disable)
			.sessionManagement((sessions) -> sessions.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
			.build();
	}

	/** Small bodies only, refused before they are read. */
	@Bean
	FilterRegistrationBean<RequestBodyLimitFilter> svcTokenSignInBodyLimit() {
		return RequestBodyLimitFilter.registration("svcTokenSignInBodyLimit", SignInInput.MAX_REQUEST_SIZE,
				"/api/TokenAuth/*", TokenAuthController.RESET_PASSWORD_PATH);
	}

	/** Bearer tokens on the GraphQL endpoint's chain, and only there. */
	@Bean
	GraphQlEndpointSecurityCustomizer svcBearerTokens(TokenService svcTokenService) {
		ProviderManager accessTokens = new ProviderManager(new AccessTokenAuthenticationProvider(svcTokenService));
		return (http) -> http.oauth2ResourceServer(
				(resourceServer) -> resourceServer.authenticationManagerResolver((request) -> accessTokens));
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcTokenCacheMeters(TokenService svcTokenService) {
			return (registry) -> CaffeineCacheMetrics.monitor(registry, svcTokenService.readTokenCache(),
					"svc.access-tokens");
		}

	}

}
