package dev.svc.graphql.queries;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.Base64;

import dev.svc.graphql.Sha256;

import org.springframework.graphql.data.pagination.CursorEncoder;

/**
 * Spring for GraphQL's cursor encoder for the module's cursors: the text and the first 8
 * bytes of its SHA-256 digest, in URL-safe Base64 without padding, so a cursor is opaque,
 * fits a URL as it is, and one that was changed or cut is refused instead of read as
 * another position. The digest is a check, not a signature: a cursor is no credential,
 * every page still runs under the caller's tenant, permission and filter, so a made-up
 * position could only choose where in the caller's own list a page starts (see the
 * queries documentation).
 */
final class CheckedCursorEncoder implements CursorEncoder {

	/**
	 * The longest cursor read: the Base64 of the longest text a cursor holds, and its
	 * check.
	 */
	static final int MAX_LENGTH = (UserCursorStrategy.MAX_TEXT_LENGTH + 8) * 4 / 3 + 4;

	private static final int CHECK_LENGTH = 8;

	@Override
	public String encode(String cursor) {
		byte[] text = cursor.getBytes(StandardCharsets.UTF_8);
		byte[] encoded = Arrays.copyOf(text, text.length + CHECK_LENGTH);
		System.arraycopy(check(text), 0, encoded, text.length, CHECK_LENGTH);
		return Base64.getUrlEncoder().withoutPadding().encodeToString(encoded);
	}

	/**
	 * Reads a cursor back.
	 * @throws IllegalArgumentException when it is too long, no Base64 as this encoder
	 * writes it, or its check does not match
	 */
	@Override
	public String decode(String cursor) {
		if (cursor.length() > MAX_LENGTH) {
			throw new IllegalArgumentException("it is " + cursor.length() + " characters long");
		}
		byte[] decoded = Base64.getUrlDecoder().decode(cursor);
		// one spelling per cursor: Base64 would also read padding, or unused bits of the
		// last character set, as the same bytes
		if (!Base64.getUrlEncoder().withoutPadding().encodeToString(decoded).equals(cursor)) {
			throw new IllegalArgumentException("it is not spelt as it was given out");
		}
		if (decoded.length < CHECK_LENGTH) {
			throw new IllegalArgumentException("it is too short");
		}
		byte[] text = Arrays.copyOf(decoded, decoded.length - CHECK_LENGTH);
		byte[] check = Arrays.copyOfRange(decoded, text.length, decoded.length);
		if (!MessageDigest.isEqual(check, Arrays.copyOf(check(text), CHECK_LENGTH))) {
			throw new IllegalArgumentException("its check does not match");
		}
		return new String(text, StandardCharsets.UTF_8);
	}

	private static byte[] check(byte[] text) {
		return Sha256.digest(text);
	}

}
