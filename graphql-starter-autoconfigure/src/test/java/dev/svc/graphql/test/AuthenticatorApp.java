package dev.svc.graphql.test;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Locale;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * What a user's authenticator app shows, written apart from the module's own code (RFC 6238 with
 * SHA-1, 30 s, 6 digits), so that the tests of the front ends sign in as a user with one would.
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
		try {
			Mac mac = Mac.getInstance("HmacSHA1");
			mac.init(new SecretKeySpec(KEY, "HmacSHA1"));
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
