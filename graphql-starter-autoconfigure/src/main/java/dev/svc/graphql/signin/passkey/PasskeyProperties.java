package dev.svc.graphql.signin.passkey;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** Passkey sign-in ({@code graphql.sign-in.passkey.*}). */
@ConfigurationProperties("graphql.sign-in.passkey")
public class PasskeyProperties {

	/**
	 * Whether users register passkeys while signed in and sign in with them, with no name
	 * typed, on the cookie and token sign-ins that are on.
	 */
	private boolean enabled;

	/**
	 * The relying party id: the host name (or a parent domain of it) the passkeys belong
	 * to, for example "example.com". Required in release mode
	 * (graphql.expose-exception-details=false); in dev mode the request's host name.
	 * Passkeys registered under one id do not work under another.
	 */
	private @Nullable String relyingPartyId;

	/**
	 * Origins whose pages may use the passkeys, for example "https://app.example.com";
	 * empty for "https://" and the relying party id (in dev mode, the request's own
	 * origin).
	 */
	private List<String> allowedOrigins = new ArrayList<>();

	/**
	 * Permissions a user holds only while signed in with a passkey, for example
	 * "Pages.Administration.Users": a password sign-in, with or without a code, leaves
	 * them out of its fields, its schema and the host's paths. With passkeys off, no one
	 * holds them.
	 */
	private Set<String> requiredFor = new LinkedHashSet<>();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable String getRelyingPartyId() {
		return this.relyingPartyId;
	}

	public void setRelyingPartyId(@Nullable String relyingPartyId) {
		this.relyingPartyId = relyingPartyId;
	}

	public Set<String> getRequiredFor() {
		return this.requiredFor;
	}

	public void setRequiredFor(Set<String> requiredFor) {
		this.requiredFor = requiredFor;
	}

	public List<String> getAllowedOrigins() {
		return this.allowedOrigins;
	}

	public void setAllowedOrigins(List<String> allowedOrigins) {
		this.allowedOrigins = allowedOrigins;
	}

}
