package dev.svc.graphql.signin;

import java.time.Clock;
import java.util.Map;
import java.util.function.Supplier;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.audit.AuditAutoConfiguration;
import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.audit.AuditQuota;
import dev.svc.graphql.context.UserContextAutoConfiguration;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.ratelimit.RateLimitAutoConfiguration;
import dev.svc.graphql.ratelimit.SharedBuckets;
import dev.svc.graphql.security.PermissionAuthorization;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.security.PermissionChecker;
import dev.svc.graphql.signin.password.SignInAttempts;
import dev.svc.graphql.signin.password.SignInAudit;
import dev.svc.graphql.signin.password.SignInChecks;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.SignInService;
import dev.svc.graphql.signin.password.TenancyAuthenticationProvider;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.twofactor.TwoFactorCodeSender;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import dev.svc.graphql.signin.twofactor.TwoFactorSignIn;
import dev.svc.graphql.signin.twofactor.TwoFactorStore;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import jakarta.servlet.DispatcherType;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.security.authentication.DefaultAuthenticationEventPublisher;
import org.springframework.security.authentication.event.AuthenticationFailureBadCredentialsEvent;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;

/**
 * Signing users in against the credential store, whether the GraphQL endpoint is served
 * or not; it needs a {@link CredentialStore}, {@link SignInAttempts} and
 * {@link SignInSessions} beside the {@link IdentityStore} (see
 * {@link MissingCredentialStoreFailureAnalyzer}). It adds no global
 * {@code AuthenticationProvider}, so the host's own sign-ins are unchanged: a host adds
 * {@link TenancyAuthenticationProvider} to its login form's chain.
 */
@AutoConfiguration(
		after = { SignInStoreAutoConfiguration.class, AuditAutoConfiguration.class, PermissionAutoConfiguration.class,
				RateLimitAutoConfiguration.class },
		beforeName = "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration")
@ConditionalOnClass(PasswordEncoder.class)
@ConditionalOnBean({ IdentityStore.class, CredentialStore.class, SignInAttempts.class, SignInSessions.class })
@EnableConfigurationProperties({ SignInProperties.class, PasswordProperties.class, CookieSignInProperties.class,
		SvcGraphQlProperties.class })
public final class SignInAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnClass(name = "org.springframework.security.authorization.AuthorizationManager")
	PermissionAuthorization permissionAuthorization(IdentityStore store, PermissionChecker checker,
			Environment environment) {
		return new PermissionAuthorization((user) -> store.findGrantedPermissions(user.userId()), checker,
				UserContextAutoConfiguration.passkeyPermissions(environment));
	}

	// the module's own encoder is no bean: it would change how the host checks its own
	// users' passwords
	@Bean
	@ConditionalOnMissingBean
	SignInChecks svcSignInChecks(CredentialStore credentials, ObjectProvider<PasswordEncoder> passwordEncoder,
			SignInAudit audit, SignInAttempts attempts, SignInProperties signIn, PasswordProperties password,
			ObjectProvider<SharedBuckets> sharedBuckets, ObjectProvider<Clock> clock) {
		Supplier<PasswordEncoder> encoder = () -> passwordEncoder.getIfUnique(
				() -> SignInChecks.defaultEncoder(password.getHashing().getMemory(), getClass().getClassLoader()));
		Clock time = clock.getIfUnique(Clock::systemUTC);
		// the shared buckets, or one instance's alone where a host left them out
		return SignInChecks.of(encoder, attempts, sharedBuckets.getIfUnique(() -> SharedBuckets.inMemory(time)),
				signIn.getThrottle().getMaxAttempts(), signIn.getLockout().getMaxFailedAttempts(),
				signIn.getLockout().getDuration(), credentials, audit, time);
	}

	/**
	 * Writes the audit records of sign-ins from the authentication events of the module's
	 * sign-in paths, and those of the other checks of a secret.
	 */
	@Bean
	SignInAudit svcSignInAudit(ObjectProvider<AuditLogWriter> auditLog,
			@Qualifier("svcRefusedSignInQuota") ObjectProvider<AuditQuota> refusedSignIns,
			ObjectProvider<Clock> clock) {
		return new SignInAudit(auditLog.getIfAvailable(), refusedSignIns.getIfAvailable(),
				clock.getIfUnique(Clock::systemUTC));
	}

	@Bean
	@ConditionalOnMissingBean
	SignInService signInService(IdentityStore identities, CredentialStore credentials, SignInChecks checks,
			ObjectProvider<TwoFactorSignIn> twoFactor) {
		return checks.signInService(identities, credentials, twoFactor.getIfAvailable());
	}

	@Bean
	@ConditionalOnMissingBean
	PasswordResetService passwordResetService(CredentialStore credentials, SignInChecks checks,
			PasswordProperties password) {
		return PasswordResetService.create(credentials, checks, password.getPolicy().getMinLength());
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBooleanProperty("graphql.identity.demo-data")
	TwoFactorCodeSender loggingTwoFactorCodeSender() {
		// the demo accounts' codes "sent by e-mail" go to the log: a demo has no mail
		// gateway
		return TwoFactorCodeSender.logging();
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(TwoFactorStore.class)
	TwoFactorSignIn twoFactorSignIn(TwoFactorStore store, ObjectProvider<TwoFactorCodeSender> sender,
			ObjectProvider<SharedBuckets> sharedBuckets, ObjectProvider<Clock> clock, Environment environment) {
		// the name users know the application by
		String issuer = environment.getProperty("spring.application.name", "GraphQL");
		Clock time = clock.getIfUnique(Clock::systemUTC);
		return TwoFactorSignIn.create(store, sender.getIfAvailable(), issuer,
				sharedBuckets.getIfUnique(() -> SharedBuckets.inMemory(time)), time);
	}

	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnBean(TwoFactorSignIn.class)
	TwoFactorService twoFactorService(TwoFactorSignIn twoFactor, CredentialStore credentials, SignInChecks checks) {
		return TwoFactorService.create(twoFactor, credentials, checks);
	}

	@Bean
	@ConditionalOnMissingBean
	ActiveSessions activeSessions(SignInSessions sessions, CookieSignInProperties cookie,
			SvcGraphQlProperties properties, ObjectProvider<Clock> clock) {
		// three eighths of the memory budget (24 MB of 64 MB: some 100,000 sessions)
		return new ActiveSessions(sessions, cookie.getSessionLifetime(), properties.getMemoryBudget().toBytes() / 8 * 3,
				clock.getIfUnique(Clock::systemUTC));
	}

	/**
	 * A refused sign-in through a host's own chain (its form login given the module's
	 * provider by {@code http.authenticationProvider}) reaches the audit trail too:
	 * Spring Boot's event publisher learns the module's refusal, as it knows Spring
	 * Security's own, and nothing else of it changes.
	 */
	@Bean
	static BeanPostProcessor svcRefusedSignInEvents() {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (bean instanceof DefaultAuthenticationEventPublisher publisher) {
					publisher.setAdditionalExceptionMappings(
							Map.of(SignInResult.Refused.class, AuthenticationFailureBadCredentialsEvent.class));
				}
				return bean;
			}

		};
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcSessionCacheMeters(ActiveSessions activeSessions) {
			return (registry) -> CaffeineCacheMetrics.monitor(registry, activeSessions.cache(), "svc.sessions");
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass({ FilterRegistrationBean.class, HttpSessionSecurityContextRepository.class,
			SecurityFilterProperties.class })
	static class SessionRevocationConfiguration {

		// after Spring Session (whose session it checks), before Spring Security (whose
		// context it guards)
		@Bean
		FilterRegistrationBean<SessionRevocationFilter> svcSessionRevocationFilter(ActiveSessions activeSessions) {
			FilterRegistrationBean<SessionRevocationFilter> registration = new FilterRegistrationBean<>(
					new SessionRevocationFilter(activeSessions));
			registration.setName("svcSessionRevocationFilter");
			registration.setDispatcherTypes(DispatcherType.REQUEST, DispatcherType.ERROR);
			registration.setOrder(PipelineOrder.SESSION_REVOCATION_FILTER);
			return registration;
		}

	}

}
