package dev.svc.graphql.signin.passkey;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A passkey authenticator in the test's own code, as a browser and its platform
 * authenticator answer the options of a ceremony: one ES256 key per credential, "none"
 * attestation, user presence and verification, a signature counter. Each answer may be
 * bent the way an attacker's would be: another origin, another relying party id, a
 * counter set back.
 */
final class SoftwareAuthenticator {

	private static final Base64.Encoder B64U = Base64.getUrlEncoder().withoutPadding();

	private static final Base64.Decoder B64U_DECODE = Base64.getUrlDecoder();

	private final KeyPair keys;

	private final byte[] credentialId = new byte[16];

	private byte[] userHandle = new byte[0];

	private long counter;

	private boolean verifiesUser = true;

	private String attestationFormat = "none";

	SoftwareAuthenticator() {
		try {
			KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
			generator.initialize(new ECGenParameterSpec("secp256r1"));
			this.keys = generator.generateKeyPair();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
		new SecureRandom().nextBytes(this.credentialId);
	}

	String credentialId() {
		return B64U.encodeToString(this.credentialId);
	}

	void setCounter(long counter) {
		this.counter = counter;
	}

	/**
	 * Whether the authenticator checks its user (PIN, biometrics) before it answers, as a
	 * security key without a PIN does not.
	 * @param verifiesUser whether its answers carry the UV flag
	 */
	void setVerifiesUser(boolean verifiesUser) {
		this.verifiesUser = verifiesUser;
	}

	/**
	 * The attestation statement format its registrations name.
	 * @param attestationFormat the format, "none" by default
	 */
	void setAttestationFormat(String attestationFormat) {
		this.attestationFormat = attestationFormat;
	}

	/**
	 * Makes the credential for registration options.
	 * @param optionsEnvelope the answer of RegistrationOptions
	 * @param origin the page's origin
	 * @return the credential, as the page's script posts it
	 */
	String create(String optionsEnvelope, String origin) {
		JsonNode options = JsonMapper.shared().readTree(optionsEnvelope).path("result");
		this.userHandle = B64U_DECODE.decode(options.path("user").path("id").asString());
		String rpId = options.path("rp").path("id").asString();
		byte[] clientData = clientData("webauthn.create", options.path("challenge").asString(), origin);
		ByteArrayOutputStream authData = new ByteArrayOutputStream();
		authData.writeBytes(sha256(rpId.getBytes(StandardCharsets.UTF_8)));
		// user present, user verified, attested credential data
		authData.write(this.verifiesUser ? (0x01 | 0x04 | 0x40) : (0x01 | 0x40));
		authData.writeBytes(ByteBuffer.allocate(4).putInt((int) this.counter).array());
		authData.writeBytes(new byte[16]);
		authData.writeBytes(ByteBuffer.allocate(2).putShort((short) this.credentialId.length).array());
		authData.writeBytes(this.credentialId);
		authData.writeBytes(coseKey());
		ByteArrayOutputStream attestation = new ByteArrayOutputStream();
		attestation.write(0xA3);
		text(attestation, "fmt");
		text(attestation, this.attestationFormat);
		text(attestation, "attStmt");
		attestation.write(0xA0);
		text(attestation, "authData");
		bytes(attestation, authData.toByteArray());
		return JsonMapper.shared()
			.writeValueAsString(Map.of("id", credentialId(), "rawId", credentialId(), "type", "public-key", "response",
					Map.of("clientDataJSON", B64U.encodeToString(clientData), "attestationObject",
							B64U.encodeToString(attestation.toByteArray()), "transports", new String[] { "internal" }),
					"clientExtensionResults", Map.of()));
	}

	/**
	 * Answers sign-in options, for the relying party they name.
	 * @param optionsEnvelope the answer of SignInOptions
	 * @param origin the page's origin
	 * @return the credential, as the page's script posts it
	 */
	String get(String optionsEnvelope, String origin) {
		return get(optionsEnvelope, origin, null);
	}

	/**
	 * Answers sign-in options.
	 * @param optionsEnvelope the answer of SignInOptions
	 * @param origin the page's origin
	 * @param rpId the relying party id signed for, {@code null} for the options' own
	 * @return the credential, as the page's script posts it
	 */
	String get(String optionsEnvelope, String origin, String rpId) {
		JsonNode options = JsonMapper.shared().readTree(optionsEnvelope).path("result");
		String relyingParty = (rpId != null) ? rpId : options.path("rpId").asString();
		byte[] clientData = clientData("webauthn.get", options.path("challenge").asString(), origin);
		this.counter++;
		ByteArrayOutputStream authData = new ByteArrayOutputStream();
		authData.writeBytes(sha256(relyingParty.getBytes(StandardCharsets.UTF_8)));
		authData.write(this.verifiesUser ? (0x01 | 0x04) : 0x01);
		authData.writeBytes(ByteBuffer.allocate(4).putInt((int) this.counter).array());
		byte[] authenticatorData = authData.toByteArray();
		byte[] signature;
		try {
			Signature signer = Signature.getInstance("SHA256withECDSA");
			signer.initSign(this.keys.getPrivate());
			signer.update(authenticatorData);
			signer.update(sha256(clientData));
			signature = signer.sign();
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
		return JsonMapper.shared()
			.writeValueAsString(Map.of("id", credentialId(), "rawId", credentialId(), "type", "public-key", "response",
					Map.of("clientDataJSON", B64U.encodeToString(clientData), "authenticatorData",
							B64U.encodeToString(authenticatorData), "signature", B64U.encodeToString(signature),
							"userHandle", B64U.encodeToString(this.userHandle)),
					"clientExtensionResults", Map.of()));
	}

	private static byte[] clientData(String type, String challenge, String origin) {
		return JsonMapper.shared()
			.writeValueAsString(Map.of("type", type, "challenge", challenge, "origin", origin, "crossOrigin", false))
			.getBytes(StandardCharsets.UTF_8);
	}

	// COSE_Key {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
	private byte[] coseKey() {
		ECPublicKey key = (ECPublicKey) this.keys.getPublic();
		ByteArrayOutputStream cose = new ByteArrayOutputStream();
		cose.write(0xA5);
		cose.write(0x01);
		cose.write(0x02);
		cose.write(0x03);
		cose.write(0x26);
		cose.write(0x20);
		cose.write(0x01);
		cose.write(0x21);
		bytes(cose, unsigned32(key.getW().getAffineX()));
		cose.write(0x22);
		bytes(cose, unsigned32(key.getW().getAffineY()));
		return cose.toByteArray();
	}

	private static byte[] unsigned32(BigInteger value) {
		byte[] raw = value.toByteArray();
		byte[] fixed = new byte[32];
		int length = Math.min(raw.length, 32);
		System.arraycopy(raw, raw.length - length, fixed, 32 - length, length);
		return fixed;
	}

	private static void text(ByteArrayOutputStream out, String text) {
		byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
		out.write(0x60 + utf8.length);
		out.writeBytes(utf8);
	}

	private static void bytes(ByteArrayOutputStream out, byte[] bytes) {
		if (bytes.length < 24) {
			out.write(0x40 + bytes.length);
		}
		else if (bytes.length < 256) {
			out.write(0x58);
			out.write(bytes.length);
		}
		else {
			out.write(0x59);
			out.writeBytes(ByteBuffer.allocate(2).putShort((short) bytes.length).array());
		}
		out.writeBytes(bytes);
	}

	private static byte[] sha256(byte[] bytes) {
		try {
			return MessageDigest.getInstance("SHA-256").digest(bytes);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

	@Override
	public String toString() {
		return "SoftwareAuthenticator " + credentialId() + " " + Arrays.toString(new long[] { this.counter });
	}

}
