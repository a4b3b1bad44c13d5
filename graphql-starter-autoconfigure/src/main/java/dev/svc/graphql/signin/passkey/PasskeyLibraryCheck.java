package dev.svc.graphql.signin.passkey;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Passkeys switched on ({@code graphql.sign-in.passkey.enabled=true}) without Spring
 * Security's WebAuthn library on the class path stop the start-up, which {@link Analyzer}
 * explains: else the property would do nothing, silently. It names no class of the
 * library, so that it loads without it.
 */
@AutoConfiguration
@ConditionalOnBooleanProperty("graphql.sign-in.passkey.enabled")
@ConditionalOnMissingClass("org.springframework.security.web.webauthn.management.Webauthn4JRelyingPartyOperations")
final class PasskeyLibraryCheck {

	PasskeyLibraryCheck() {
		throw new LibraryMissingException();
	}

	/** Passkeys on, and the library missing. */
	static final class LibraryMissingException extends IllegalStateException {

		LibraryMissingException() {
			super("graphql.sign-in.passkey.enabled=true needs org.springframework.security:spring-security-webauthn"
					+ " on the class path");
		}

	}

	/** Names the missing dependency. */
	static final class Analyzer extends AbstractFailureAnalyzer<LibraryMissingException> {

		@Override
		protected @Nullable FailureAnalysis analyze(Throwable rootFailure, LibraryMissingException cause) {
			return new FailureAnalysis("Passkeys are on (graphql.sign-in.passkey.enabled=true), but"
					+ " org.springframework.security:spring-security-webauthn (and com.webauthn4j:webauthn4j-core,"
					+ " which it brings) is not on the class path: no passkey endpoint would answer.",
					"Add the dependency org.springframework.security:spring-security-webauthn to the application"
							+ " (its version is managed by Spring Boot), or set graphql.sign-in.passkey.enabled=false.",
					cause);
		}

	}

}
