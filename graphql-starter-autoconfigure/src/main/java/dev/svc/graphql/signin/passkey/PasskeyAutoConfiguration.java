package dev.svc.graphql.signin.passkey;

import java.time.Clock;

import javax.sql.DataSource;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.limits.RequestBodyLimitFilter;
import dev.svc.graphql.security.SecurityHeaders;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.password.SignInChecks;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.web.GraphQlEndpointSecurityCustomizer;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.annotation.web.configurers.AbstractHttpConfigurer;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.webauthn.management.Webauthn4JRelyingPartyOperations;
import org.springframework.util.StringUtils;

/**
 * Passkeys ({@code graphql.sign-in.passkey.enabled}): registration while signed in and
 * sign-in with no name typed, on the module's sign-ins (the cookie sign-in's and the
 * token sign-in's managers come from the {@link PasskeyAuthenticationProvider}), kept in
 * the module's tables. The relying party is
 * {@code graphql.sign-in.passkey.relying-party-id} (and allowed origins); in dev mode
 * ({@code graphql.expose-exception-details=true}) the request's host by default, in
 * release mode required: its absence stops the start-up.
 */
@AutoConfiguration(after = SignInAutoConfiguration.class,
		beforeName = { "dev.svc.graphql.signin.cookie.CookieSignInAutoConfiguration",
				"dev.svc.graphql.signin.token.TokenSignInAutoConfiguration" },
		afterName = "org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration")
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ Webauthn4JRelyingPartyOperations.class, SecurityFilterChain.class, SecurityFilterProperties.class,
		DataSource.class })
@ConditionalOnBooleanProperty("graphql.sign-in.passkey.enabled")
@ConditionalOnBean(value = { CredentialStore.class, SignInChecks.class, DataSource.class },
		type = JdbcIdentityStoreAutoConfiguration.SCHEMA_MIGRATION)
@EnableConfigurationProperties({ PasskeyProperties.class, SvcGraphQlProperties.class })
public final class PasskeyAutoConfiguration {

	static final String CHAIN = "svcPasskeySecurityFilterChain";

	@Bean
	@DependsOnDatabaseInitialization
	JdbcPasskeyStore svcPasskeyStore(DataSource dataSource) {
		return new JdbcPasskeyStore(dataSource);
	}

	@Bean
	PasskeyCeremonies svcPasskeyCeremonies(JdbcPasskeyStore svcPasskeyStore, PasskeyProperties passkey,
			SvcGraphQlProperties module, Environment environment, ObjectProvider<Clock> clock) {
		String relyingPartyId = StringUtils.hasText(passkey.getRelyingPartyId()) ? passkey.getRelyingPartyId().trim()
				: null;
		if (relyingPartyId == null && !module.isExposeExceptionDetails()) {
			throw new RelyingPartyRequiredException();
		}
		return new PasskeyCeremonies(svcPasskeyStore, relyingPartyId, passkey.getAllowedOrigins(),
				environment.getProperty("spring.application.name", "GraphQL"), clock.getIfUnique(Clock::systemUTC));
	}

	@Bean
	@ConditionalOnMissingBean
	PasskeyAuthenticationProvider passkeyAuthenticationProvider(PasskeyCeremonies svcPasskeyCeremonies,
			SignInChecks checks) {
		return new PasskeyAuthenticationProvider(svcPasskeyCeremonies, checks.budget(), checks.resetCodes(),
				checks.clock());
	}

	@Bean
	PasskeyAudit svcPasskeyAudit(SignInChecks checks) {
		return new PasskeyAudit(checks.audit());
	}

	@Bean
	PasskeyController svcPasskeyController(PasskeyCeremonies svcPasskeyCeremonies, CredentialStore credentials,
			SignInChecks checks, ActiveSessions activeSessions, PasskeyProperties passkey) {
		return new PasskeyController(svcPasskeyCeremonies,
				new PasskeyRegistrations(svcPasskeyCeremonies, credentials, checks, activeSessions, checks.clock()),
				checks.budget(), !passkey.getRequiredFor().isEmpty(), checks.clock());
	}

	/**
	 * The passkey endpoints: the sign-in options and the script for anybody, the rest for
	 * the user of the session cookie or, with the token sign-in, of the bearer token. No
	 * CSRF token: the endpoints take JSON bodies only.
	 */
	@Bean(CHAIN)
	@Order(PipelineOrder.SECURITY_FILTER_CHAIN)
	@ConditionalOnMissingBean(name = CHAIN)
	SecurityFilterChain svcPasskeySecurityFilterChain(HttpSecurity http,
			@Qualifier("svcBearerTokens") ObjectProvider<GraphQlEndpointSecurityCustomizer> bearerTokens) {
		http.securityMatcher(PasskeyController.PATH + "/**")
			.authorizeHttpRequests(
					(requests) -> requests.requestMatchers(HttpMethod.POST, PasskeyController.SIGN_IN_OPTIONS)
						.permitAll()
						.requestMatchers(HttpMethod.GET, PasskeyController.SCRIPT)
						.permitAll()
						.anyRequest()
						.authenticated())
			.headers(SecurityHeaders::add)
			.csrf((csrf) -> csrf.ignoringRequestMatchers(JsonRequests::isJson))
			.requestCache(AbstractHttpConfigurer::disable);
		bearerTokens.ifAvailable((customizer) -> customizer.customize(http));
		return http.exceptionHandling((exceptions) -> exceptions.authenticationEntryPoint((request, response, ex) -> {
			response.setStatus(HttpStatus.UNAUTHORIZED.value());
			response.setContentType(MediaType.APPLICATION_JSON_VALUE);
			response.getWriter()
				.write("{\"success\":false,\"error\":{\"message\":\"Current user did not login to the application!\"},"
						+ "\"unAuthorizedRequest\":true}");
		})).build();
	}

	/** Small bodies only, refused before they are read. */
	@Bean
	FilterRegistrationBean<RequestBodyLimitFilter> svcPasskeyBodyLimit() {
		return RequestBodyLimitFilter.registration("svcPasskeyBodyLimit", SignInInput.MAX_REQUEST_SIZE,
				PasskeyController.PATH + "/*");
	}

	/**
	 * Release mode without a relying party id, which {@link PasskeyFailureAnalyzer}
	 * explains.
	 */
	static final class RelyingPartyRequiredException extends IllegalStateException {

		RelyingPartyRequiredException() {
			super("graphql.sign-in.passkey.relying-party-id is required in release mode");
		}

	}

}
