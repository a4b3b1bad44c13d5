package dev.svc.graphql.signin.passkey;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Explains passkeys switched on in release mode without a relying party id.
 */
final class PasskeyFailureAnalyzer
		extends AbstractFailureAnalyzer<PasskeyAutoConfiguration.RelyingPartyRequiredException> {

	@Override
	protected @Nullable FailureAnalysis analyze(Throwable rootFailure,
			PasskeyAutoConfiguration.RelyingPartyRequiredException cause) {
		return new FailureAnalysis("Passkeys are on (graphql.sign-in.passkey.enabled=true) in release mode"
				+ " (graphql.expose-exception-details=false), and graphql.sign-in.passkey.relying-party-id is not set."
				+ " A passkey belongs to one relying party id, the host name users sign in on: taken from each"
				+ " request's Host header, as dev mode does, a forged header would name another one.",
				"Set graphql.sign-in.passkey.relying-party-id to the host name of your sign-in pages (for example"
						+ " example.com), and graphql.sign-in.passkey.allowed-origins if the pages are not on"
						+ " https://<relying-party-id>.",
				cause);
	}

}
