package dev.svc.graphql.queries;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;

import dev.svc.graphql.Sha256;

import org.springframework.graphql.data.pagination.CursorEncoder;

/**
 * A cursor is its text plus the first 8 bytes of its SHA-256, in unpadded URL-safe
 * Base64: opaque, fit for a URL, and refused when changed or cut instead of read as
 * another position. The digest is a check, not a signature: every page still runs under
 * the caller's tenant, permission and filter, so a made-up position only picks where in
 * the caller's own list a page starts (see the queries documentation).
 */
final class CheckedCursorEncoder implements CursorEncoder {

	/** The Base64 of the longest text a cursor holds, and its check. */
	static final int MAX_LENGTH = (UserCursorStrategy.MAX_TEXT_LENGTH + 8) * 4 / 3 + 4;

	private static final int CHECK_LENGTH = 8;

	@Override
	public String encode(String cursor) {
		byte[] text = cursor.getBytes(StandardCharsets.UTF_8);
		byte[] encoded = Arrays.copyOf(text, text.length + CHECK_LENGTH);
		System.arraycopy(Sha256.digest(text), 0, encoded, text.length, CHECK_LENGTH);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(encoded);
	}

	/**
	 * Reads a cursor back.
	 * @throws IllegalArgumentException when too long, not spelt as written, or its check
	 * fails
	 */
	@Override
	public String decode(String cursor) {
		if (cursor.length() > MAX_LENGTH) {
			throw new IllegalArgumentException("it is " + cursor.length() + " characters long");
		}
		byte[] decoded = Base64.getUrlDecoder().decode(cursor);
		// one spelling per cursor: Base64 would read padding, or unused bits set, as the
		// same bytes
		if (!Base64.getUrlEncoder().withoutPadding().encodeToString(decoded).equals(cursor)) {
			throw new IllegalArgumentException("it is not spelt as it was given out");
		}
		if (decoded.length < CHECK_LENGTH) {
			throw new IllegalArgumentException("it is too short");
		}
		byte[] text = Arrays.copyOf(decoded, decoded.length - CHECK_LENGTH);
		byte[] check = Arrays.copyOfRange(decoded, text.length, decoded.length);
		if (!MessageDigest.isEqual(check, Arrays.copyOf(Sha256.digest(text), CHECK_LENGTH))) {
			throw new IllegalArgumentException("its check does not match");
		}
		return new String(text, StandardCharsets.UTF_8);
	}

}
