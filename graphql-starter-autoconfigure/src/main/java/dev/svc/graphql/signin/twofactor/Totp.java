package dev.svc.graphql.signin.twofactor;

import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Locale;
import java.util.OptionalLong;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Time-based one-time passwords as authenticator apps make them (RFC 6238 over RFC 4226):
 * HMAC-SHA1 of the 30-second step since the epoch, 6 digits, with a 160-bit secret shown
 * to the user in Base32. A code is accepted for its step and the steps either side, to
 * allow for clocks that differ and users who type slowly.
 */
final class Totp {

	static final int PERIOD_SECONDS = 30;

	static final int DIGITS = 6;

	private static final int SECRET_BYTES = 20;

	private static final char[] BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567".toCharArray();

	private Totp() {
	}

	static String newSecret(SecureRandom random) {
		byte[] secret = new byte[SECRET_BYTES];
		random.nextBytes(secret);
		return base32(secret);
	}

	static long step(Instant time) {
		return Math.floorDiv(time.getEpochSecond(), PERIOD_SECONDS);
	}

	static String code(String secret, long step) {
		try {
			Mac mac = Mac.getInstance("HmacSHA1");
			mac.init(new SecretKeySpec(unbase32(secret), "HmacSHA1"));
			byte[] hash = mac.doFinal(ByteBuffer.allocate(Long.BYTES).putLong(step).array());
			int offset = hash[hash.length - 1] & 0x0f;
			int binary = ((hash[offset] & 0x7f) << 24) | ((hash[offset + 1] & 0xff) << 16)
					| ((hash[offset + 2] & 0xff) << 8) | (hash[offset + 3] & 0xff);
			return String.format(Locale.ROOT, "%0" + DIGITS + "d", binary % 1_000_000);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HMAC-SHA1 is not available", ex);
		}
	}

	static OptionalLong matchingStep(String secret, String code, Instant now) {
		if (code == null || code.length() != DIGITS || !code.chars().allMatch(Character::isDigit)) {
			return OptionalLong.empty();
		}
		long current = step(now);
		OptionalLong matching = OptionalLong.empty();
		// every step is checked, whichever matches, so the time taken tells nothing
		for (long step = current + 1; step >= current - 1; step--) {
			if (MessageDigest.isEqual(code(secret, step).getBytes(StandardCharsets.US_ASCII),
					code.getBytes(StandardCharsets.US_ASCII))) {
				matching = OptionalLong.of(step);
			}
		}
		return matching;
	}

	/** What authenticator apps read from a QR code. */
	static String otpauthUri(String issuer, String account, String secret) {
		return "otpauth://totp/" + encode(issuer) + ":" + encode(account) + "?secret=" + secret + "&issuer="
				+ encode(issuer) + "&algorithm=SHA1&digits=" + DIGITS + "&period=" + PERIOD_SECONDS;
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
	}

	static String base32(byte[] bytes) {
		StringBuilder text = new StringBuilder((bytes.length * 8 + 4) / 5);
		int buffer = 0;
		int bits = 0;
		for (byte b : bytes) {
			buffer = (buffer << 8) | (b & 0xff);
			bits += 8;
			while (bits >= 5) {
				text.append(BASE32[(buffer >> (bits - 5)) & 0x1f]);
				bits -= 5;
			}
		}
		if (bits > 0) {
			text.append(BASE32[(buffer << (5 - bits)) & 0x1f]);
		}
		return text.toString();
	}

	static byte[] unbase32(String text) {
		String clean = text.replace("=", "").replace(" ", "").toUpperCase(Locale.ROOT);
		byte[] bytes = new byte[clean.length() * 5 / 8];
		int buffer = 0;
		int bits = 0;
		int index = 0;
		for (char c : clean.toCharArray()) {
			int value = (c >= 'A' && c <= 'Z') ? c - 'A' : (c >= '2' && c <= '7') ? c - '2' + 26 : -1;
			if (value < 0) {
				throw new IllegalArgumentException("Not a Base32 secret");
			}
			buffer = (buffer << 5) | value;
			bits += 5;
			if (bits >= 8) {
				bytes[index++] = (byte) (buffer >> (bits - 8));
				bits -= 8;
			}
		}
		return bytes;
	}

}
