package dev.svc.graphql.signin.passkey;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import com.webauthn4j.util.exception.WebAuthnException;
import com.webauthn4j.verifier.exception.VerificationException;
import dev.svc.graphql.context.SignedInUser;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.web.webauthn.api.AuthenticatorAssertionResponse;
import org.springframework.security.web.webauthn.api.AuthenticatorAttestationResponse;
import org.springframework.security.web.webauthn.api.AuthenticatorResponse;
import org.springframework.security.web.webauthn.api.AuthenticatorSelectionCriteria;
import org.springframework.security.web.webauthn.api.Bytes;
import org.springframework.security.web.webauthn.api.CredentialRecord;
import org.springframework.security.web.webauthn.api.PublicKeyCredential;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialCreationOptions;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialRequestOptions;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialRpEntity;
import org.springframework.security.web.webauthn.api.PublicKeyCredentialUserEntity;
import org.springframework.security.web.webauthn.api.ResidentKeyRequirement;
import org.springframework.security.web.webauthn.api.UserVerificationRequirement;
import org.springframework.security.web.webauthn.jackson.WebauthnJacksonModule;
import org.springframework.security.web.webauthn.management.ImmutablePublicKeyCredentialCreationOptionsRequest;
import org.springframework.security.web.webauthn.management.ImmutablePublicKeyCredentialRequestOptionsRequest;
import org.springframework.security.web.webauthn.management.ImmutableRelyingPartyRegistrationRequest;
import org.springframework.security.web.webauthn.management.RelyingPartyAuthenticationRequest;
import org.springframework.security.web.webauthn.management.RelyingPartyPublicKey;
import org.springframework.security.web.webauthn.management.Webauthn4JRelyingPartyOperations;
import org.springframework.util.StringUtils;

/**
 * The two WebAuthn ceremonies, run by Spring Security's
 * {@link Webauthn4JRelyingPartyOperations} on the module's store. The options of each are
 * written as JSON for the page's script, and their challenge is kept in the store (not in
 * an HTTP session: the token sign-in keeps none, and a visit that does not sign in stores
 * nothing in one), where the answer takes it out: a challenge works once, so a replayed
 * answer is refused. In dev mode the relying party is the request's host.
 */
final class PasskeyCeremonies {

	/** How long a ceremony's challenge works, as long as the browser's own timeout. */
	static final Duration CHALLENGE_LIFETIME = Duration.ofMinutes(5);

	/** The host names dev mode takes as the relying party. */
	private static final Set<String> LOOPBACK_HOSTS = Set.of("localhost", "127.0.0.1", "[::1]", "::1");

	/** The most passkeys a user may have: a few devices and security keys, with room. */
	static final int MAX_PASSKEYS_PER_USER = 20;

	/** The longest credential id kept, in bytes (authenticators use 16 to 64). */
	private static final int MAX_CREDENTIAL_ID_BYTES = 255;

	private static final TypeReference<PublicKeyCredential<AuthenticatorAssertionResponse>> ASSERTION = new TypeReference<>() {
	};

	private static final TypeReference<PublicKeyCredential<AuthenticatorAttestationResponse>> ATTESTATION = new TypeReference<>() {
	};

	private final JdbcPasskeyStore store;

	private final @Nullable String relyingPartyId;

	private final List<String> allowedOrigins;

	private final String relyingPartyName;

	private final @Nullable Webauthn4JRelyingPartyOperations fixed;

	private final Clock clock;

	private final JsonMapper json = JsonMapper.builder().addModule(new WebauthnJacksonModule()).build();

	/**
	 * The ceremonies of one relying party, or of each request's host.
	 * @param store the passkeys
	 * @param relyingPartyId the relying party id, {@code null} for the request's host
	 * (dev mode)
	 * @param allowedOrigins the origins allowed, empty for https and the id (or the
	 * request's own origin)
	 * @param relyingPartyName the name the authenticator shows
	 * @param clock the time
	 */
	PasskeyCeremonies(JdbcPasskeyStore store, @Nullable String relyingPartyId, List<String> allowedOrigins,
			String relyingPartyName, Clock clock) {
		this.store = store;
		this.relyingPartyId = relyingPartyId;
		this.allowedOrigins = List.copyOf(allowedOrigins);
		this.relyingPartyName = relyingPartyName;
		this.clock = clock;
		this.fixed = (relyingPartyId != null)
				? operations(relyingPartyId,
						this.allowedOrigins.isEmpty() ? List.of("https://" + relyingPartyId) : this.allowedOrigins)
				: null;
	}

	JdbcPasskeyStore store() {
		return this.store;
	}

	/**
	 * The options of a registration by a signed-in user, as JSON.
	 * @param user the user
	 * @param request the request, whose host is the relying party in dev mode
	 * @return the options
	 * @throws PasskeyRefusal when the user has {@link #MAX_PASSKEYS_PER_USER} passkeys
	 */
	String registrationOptions(SignedInUser user, HttpServletRequest request) {
		checkRoomFor(user);
		PublicKeyCredentialCreationOptions options = creationOptions(user, request);
		Instant now = this.clock.instant();
		this.store.issueChallenge(options.getChallenge(), user.userId(), now, now.plus(CHALLENGE_LIFETIME));
		return this.json.writeValueAsString(options);
	}

	/**
	 * Registers the passkey a browser made with the options of
	 * {@link #registrationOptions}.
	 * @param user the user
	 * @param credentialJson the browser's credential, as JSON
	 * @param label the name the user gives it
	 * @param request the request
	 * @return the passkey kept
	 * @throws PasskeyRefusal when it is not one made for these options
	 */
	CredentialRecord register(SignedInUser user, String credentialJson, String label, HttpServletRequest request) {
		PublicKeyCredential<AuthenticatorAttestationResponse> credential = read(credentialJson, ATTESTATION);
		if (credential.getRawId().getBytes().length > MAX_CREDENTIAL_ID_BYTES) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.INVALID_REQUEST,
					"The credential id is longer than " + MAX_CREDENTIAL_ID_BYTES + " bytes.");
		}
		AuthenticatorAttestationResponse response = credential.getResponse();
		// each refused before the challenge is taken and anything is written
		JdbcPasskeyStore.fits("response.clientDataJSON", base64Length(response.getClientDataJSON()),
				JdbcPasskeyStore.MAX_CLIENT_DATA_CHARS);
		JdbcPasskeyStore.fits("response.attestationObject", base64Length(response.getAttestationObject()),
				JdbcPasskeyStore.MAX_ATTESTATION_OBJECT_CHARS);
		JdbcPasskeyStore.fits("response.transports", transportsLength(credentialJson),
				JdbcPasskeyStore.MAX_TRANSPORTS_CHARS);
		checkRoomFor(user);
		Bytes challenge = challenge(response);
		if (!this.store.takeChallenge(challenge, user.userId(), this.clock.instant())) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.UNKNOWN_CHALLENGE, PasskeyRefusal.UNKNOWN_CHALLENGE);
		}
		PublicKeyCredentialCreationOptions fresh = creationOptions(user, request);
		PublicKeyCredentialCreationOptions options = PublicKeyCredentialCreationOptions.builder()
			.rp(fresh.getRp())
			.user(fresh.getUser())
			.challenge(challenge)
			.pubKeyCredParams(fresh.getPubKeyCredParams())
			.timeout(fresh.getTimeout())
			.excludeCredentials(fresh.getExcludeCredentials())
			.authenticatorSelection(fresh.getAuthenticatorSelection())
			.attestation(fresh.getAttestation())
			.extensions(fresh.getExtensions())
			.build();
		try {
			return operations(request).registerCredential(new ImmutableRelyingPartyRegistrationRequest(options,
					new RelyingPartyPublicKey(credential, label)));
		}
		catch (VerificationException ex) {
			throw PasskeyRefusal.of(ex);
		}
		catch (WebAuthnException | JacksonException ex) {
			// DataConversionException, or the CBOR reader's own: bytes that are no
			// attestation object
			throw PasskeyRefusal.malformed(ex, PasskeyRefusal.MALFORMED_ATTESTATION);
		}
		catch (IllegalArgumentException ex) {
			if (this.store.findByCredentialId(credential.getRawId()) != null) {
				throw new PasskeyRefusal(PasskeyRefusal.Reason.INVALID_REQUEST, "This passkey is registered already.");
			}
			throw PasskeyRefusal.malformed(ex, PasskeyRefusal.MALFORMED_ATTESTATION);
		}
	}

	/**
	 * The options of a sign-in with no name typed, as JSON: any passkey of this relying
	 * party may answer.
	 * @param request the request
	 * @return the options, {@code null} when as many sign-in challenges are open as are
	 * kept
	 */
	@Nullable String signInOptions(HttpServletRequest request) {
		PublicKeyCredentialRequestOptions options = operations(request)
			.createCredentialRequestOptions(new ImmutablePublicKeyCredentialRequestOptionsRequest(null));
		Instant now = this.clock.instant();
		if (!this.store.issueChallenge(options.getChallenge(), null, now, now.plus(CHALLENGE_LIFETIME))) {
			return null;
		}
		return this.json.writeValueAsString(options);
	}

	/**
	 * Reads a browser's answer to sign-in options.
	 * @param json the credential, as JSON
	 * @return the credential
	 * @throws PasskeyRefusal when it is no credential
	 */
	PublicKeyCredential<AuthenticatorAssertionResponse> readAssertion(String json) {
		return read(json, ASSERTION);
	}

	/**
	 * Checks a browser's answer to the options of {@link #signInOptions}: its challenge
	 * (once), origin, relying party, signature and counter.
	 * @param credential the answer
	 * @param request the request
	 * @return the handle of the user it signs in
	 * @throws PasskeyRefusal when the answer is not good
	 */
	Bytes verify(PublicKeyCredential<AuthenticatorAssertionResponse> credential, HttpServletRequest request) {
		Bytes challenge = challenge(credential.getResponse());
		if (!this.store.takeChallenge(challenge, null, this.clock.instant())) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.UNKNOWN_CHALLENGE, PasskeyRefusal.UNKNOWN_CHALLENGE);
		}
		PublicKeyCredentialRequestOptions options = PublicKeyCredentialRequestOptions.builder()
			.challenge(challenge)
			.rpId(relyingPartyId(request))
			.timeout(CHALLENGE_LIFETIME)
			.userVerification(UserVerificationRequirement.REQUIRED)
			.allowCredentials(List.of())
			.build();
		PublicKeyCredentialUserEntity user;
		try {
			user = operations(request).authenticate(new RelyingPartyAuthenticationRequest(options, credential));
		}
		catch (VerificationException ex) {
			throw PasskeyRefusal.of(ex);
		}
		catch (WebAuthnException | JacksonException ex) {
			// DataConversionException, or the reader's own: bytes that are no
			// authenticator data
			throw PasskeyRefusal.malformed(ex, PasskeyRefusal.MALFORMED_ASSERTION);
		}
		catch (JdbcPasskeyStore.CounterNotIncreasedException ex) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.COUNTER_NOT_INCREASED, PasskeyRefusal.NOT_ACCEPTED);
		}
		catch (IllegalArgumentException ex) {
			// no such passkey (any more)
			throw new PasskeyRefusal(PasskeyRefusal.Reason.UNKNOWN_PASSKEY, PasskeyRefusal.NOT_ACCEPTED);
		}
		Bytes userHandle = credential.getResponse().getUserHandle();
		if (userHandle != null && !userHandle.equals(user.getId())) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.USER_HANDLE_MISMATCH, PasskeyRefusal.NOT_ACCEPTED);
		}
		return user.getId();
	}

	private void checkRoomFor(SignedInUser user) {
		if (this.store.count(user.userId()) >= MAX_PASSKEYS_PER_USER) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.INVALID_REQUEST, "You have " + MAX_PASSKEYS_PER_USER
					+ " passkeys, the most a user may have: remove one before you add another.");
		}
	}

	private PublicKeyCredentialCreationOptions creationOptions(SignedInUser user, HttpServletRequest request) {
		return operations(request).createPublicKeyCredentialCreationOptions(
				new ImmutablePublicKeyCredentialCreationOptionsRequest(UsernamePasswordAuthenticationToken
					.authenticated(JdbcPasskeyStore.userKey(user.userId()), null, List.of())));
	}

	private Webauthn4JRelyingPartyOperations operations(HttpServletRequest request) {
		if (this.fixed != null) {
			return this.fixed;
		}
		// dev mode: the developer's own machine, on any port
		return operations(devHost(request),
				this.allowedOrigins.isEmpty() ? List.of(origin(request)) : this.allowedOrigins);
	}

	private Webauthn4JRelyingPartyOperations operations(String rpId, List<String> origins) {
		Webauthn4JRelyingPartyOperations operations = new Webauthn4JRelyingPartyOperations(this.store.users(),
				this.store, PublicKeyCredentialRpEntity.builder().id(rpId).name(this.relyingPartyName).build(),
				Set.copyOf(origins));
		// a passkey is a whole sign-in, both factors: the authenticator checks its user
		// (PIN or biometrics) each time, and keeps the credential (no name is typed)
		operations.setCustomizeCreationOptions(
				(options) -> options.authenticatorSelection(AuthenticatorSelectionCriteria.builder()
					.residentKey(ResidentKeyRequirement.REQUIRED)
					.userVerification(UserVerificationRequirement.REQUIRED)
					.build()));
		operations
			.setCustomizeRequestOptions((options) -> options.userVerification(UserVerificationRequirement.REQUIRED));
		return operations;
	}

	private String relyingPartyId(HttpServletRequest request) {
		return (this.relyingPartyId != null) ? this.relyingPartyId : devHost(request);
	}

	// a Host header names no relying party but the developer's own machine: a proxy under
	// another name would get passkeys of its own name
	private static String devHost(HttpServletRequest request) {
		String host = request.getServerName();
		if (!LOOPBACK_HOSTS.contains(host)) {
			throw new PasskeyRefusal(PasskeyRefusal.Reason.WRONG_RELYING_PARTY, "Passkeys answer on localhost,"
					+ " 127.0.0.1 and [::1] only while graphql.sign-in.passkey.relying-party-id is not set, not on "
					+ host + ": set graphql.sign-in.passkey.relying-party-id to the host name of the sign-in pages.");
		}
		return host;
	}

	private static String origin(HttpServletRequest request) {
		String scheme = request.getScheme();
		int port = request.getServerPort();
		boolean defaultPort = ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
		return scheme + "://" + request.getServerName() + (defaultPort ? "" : ":" + port);
	}

	// as the column keeps them: distinct, comma-separated (the names Spring Security does
	// not know are read as none, but webauthn4j keeps them)
	private int transportsLength(String credentialJson) {
		JsonNode transports = this.json.readTree(credentialJson).path("response").path("transports");
		Set<String> names = new TreeSet<>();
		transports.forEach((transport) -> names.add(transport.asString("")));
		return String.join(",", names).length();
	}

	// unpadded base64url: 4 characters for each 3 bytes, rounded up
	private static int base64Length(@Nullable Bytes bytes) {
		return (bytes != null) ? (bytes.getBytes().length * 4 + 2) / 3 : 0;
	}

	private Bytes challenge(AuthenticatorResponse response) {
		try {
			JsonNode clientData = this.json.readTree(response.getClientDataJSON().getBytes());
			String challenge = clientData.path("challenge").asString("");
			if (StringUtils.hasText(challenge)) {
				return Bytes.fromBase64(challenge);
			}
		}
		catch (JacksonException | IllegalArgumentException ex) {
			// refused below
		}
		throw new PasskeyRefusal(PasskeyRefusal.Reason.INVALID_REQUEST,
				"The credential's clientDataJSON must be base64url JSON with the challenge.");
	}

	private <T> T read(String json, TypeReference<T> type) {
		try {
			T value = this.json.readValue(json, type);
			if (value != null) {
				return value;
			}
		}
		catch (JacksonException | IllegalArgumentException | NullPointerException ex) {
			// refused below
		}
		throw new PasskeyRefusal(PasskeyRefusal.Reason.INVALID_REQUEST,
				"The credential must be the browser's PublicKeyCredential as JSON (PublicKeyCredential.toJSON()):"
						+ " {\"id\", \"rawId\", \"type\": \"public-key\", \"response\": {...}}, base64url-encoded.");
	}

}
