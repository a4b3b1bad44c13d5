package dev.svc.graphql.signin;

import java.util.Set;

import dev.svc.graphql.signin.password.SignInService;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.session.SignInSessions;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.NoSuchBeanDefinitionException;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;

/**
 * Explains a sign-in (or a host bean needing one) without a {@code CredentialStore} and
 * the stores of sign-in's state beside the {@code IdentityStore}. Ahead of Spring Boot's
 * missing-bean report, which would advise declaring one of the module's own.
 */
@Order(Ordered.HIGHEST_PRECEDENCE)
final class MissingCredentialStoreFailureAnalyzer extends AbstractFailureAnalyzer<NoSuchBeanDefinitionException> {

	private static final Set<Class<?>> SIGN_IN_BEANS = Set.of(SignInService.class, PasswordResetService.class,
			ActiveSessions.class, SignInSessions.class);

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure, NoSuchBeanDefinitionException cause) {
		Class<?> missing = cause.getBeanType();
		if (missing == null || !SIGN_IN_BEANS.contains(missing)) {
			return null;
		}
		return new FailureAnalysis("The module signs nobody in, so there is no " + missing.getSimpleName()
				+ ": signing in needs a CredentialStore bean beside the IdentityStore, and a SignInAttempts and a"
				+ " SignInSessions bean. The module's own come together, with its tables (graphql.identity.enabled,"
				+ " a single DataSource, an embedded H2 one by default, Flyway); a host that declares its own"
				+ " IdentityStore keeps the credentials and the sign-in state of its users elsewhere too.",
				"Declare a CredentialStore bean that reads the credentials of your IdentityStore's users, and"
						+ " SignInAttempts and SignInSessions beans that keep their failed sign-ins and sessions, or"
						+ " switch the module's sign-in off (graphql.sign-in.token.enabled,"
						+ " graphql.sign-in.cookie.enabled).",
				cause);
	}

}
