package dev.svc.graphql.signin;

import java.time.Clock;

import dev.svc.graphql.audit.AuditAutoConfiguration;
import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.identity.IdentityAutoConfiguration;
import dev.svc.graphql.identity.IdentityStore;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Signing users in against the identity store, and the authentication provider that lets Spring
 * Security's form login do it.
 */
@AutoConfiguration(after = { IdentityAutoConfiguration.class, AuditAutoConfiguration.class },
		beforeName = "org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration")
@ConditionalOnClass(PasswordEncoder.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean(IdentityStore.class)
public final class SignInAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	PasswordEncoder passwordEncoder() {
		return PasswordEncoderFactories.createDelegatingPasswordEncoder();
	}

	@Bean
	@ConditionalOnMissingBean
	SignInService signInService(IdentityStore store, PasswordEncoder passwordEncoder,
			ObjectProvider<AuditLogWriter> auditLog) {
		return new DefaultSignInService(store, passwordEncoder, auditLog.getIfAvailable(), Clock.systemUTC());
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.web.authentication.WebAuthenticationDetails")
	static class FormLoginConfiguration {

		@Bean
		@ConditionalOnMissingBean(AuthenticationProvider.class)
		AuthenticationProvider tenancyAuthenticationProvider(SignInService signInService) {
			return new TenancyAuthenticationProvider(signInService);
		}

	}

}
