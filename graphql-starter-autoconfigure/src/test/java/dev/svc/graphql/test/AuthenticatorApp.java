package dev.svc.graphql.test;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Locale;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a user's authenticator app shows, written apart from the module's own code (RFC
 * 6238 with SHA-1, 30 s, 6 digits), so that the tests of the front ends sign in as a user
 * with one would.
 */
public final class AuthenticatorApp {

	/** The Base32 secret of RFC 6238's test values: "12345678901234567890". */
	public static final String SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

	private static final byte[] KEY = "12345678901234567890".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

	private AuthenticatorApp() {
	}

	/**
	 * The code of {@link #SECRET} at a time.
	 * @param time the time
	 * @return 6 digits
	 */
	public static String code(Instant time) {
		return code(KEY, time);
	}

	/**
	 * The code of a secret at a time, as an app shows it after the user typed the secret
	 * in.
	 * @param secret the secret, in Base32
	 * @param time the time
	 * @return 6 digits
	 */
	public static String code(String secret, Instant time) {
		java.math.BigInteger bits = java.math.BigInteger.ZERO;
		for (char c : secret.toCharArray()) {
			int value = (c >= 'A' && c <= 'Z') ? c - 'A' : c - '2' + 26;
			bits = bits.shiftLeft(5).or(java.math.BigInteger.valueOf(value));
		}
		int bytes = secret.length() * 5 / 8;
		bits = bits.shiftRight(secret.length() * 5 - bytes * 8);
		byte[] raw = bits.toByteArray();
		byte[] key = new byte[bytes];
		System.arraycopy(raw, Math.max(0, raw.length - bytes), key, Math.max(0, bytes - raw.length),
				Math.min(bytes, raw.length));
		return code(key, time);
	}

	private static String code(byte[] key, Instant time) {
		try {
			Mac mac = Mac.getInstance("HmacSHA1");
			mac.init(new SecretKeySpec(key, "HmacSHA1"));
			byte[] hash = mac.doFinal(ByteBuffer.allocate(8).putLong(time.getEpochSecond() / 30).array());
			int offset = hash[19] & 0xf;
			int value = ByteBuffer.wrap(hash, offset, 4).getInt() & 0x7fffffff;
			return String.format(Locale.ROOT, "%06d", value % 1_000_000);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
	}

}
