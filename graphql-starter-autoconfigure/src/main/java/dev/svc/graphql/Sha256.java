package dev.svc.graphql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256, the one digest the module takes: of a persisted document's text, of a password
 * hash kept by a session, of a code or token kept instead of the secret itself, of an
 * answer for its entity tag, of a cursor for its check.
 */
public final class Sha256 {

	private Sha256() {
	}

	/**
	 * The digest of a text's UTF-8 bytes in lower-case hexadecimal, as persisted-query
	 * hashes are written.
	 * @param text the text
	 * @return 64 hexadecimal digits
	 */
	public static String hex(String text) {
		return HexFormat.of().formatHex(digest(text.getBytes(StandardCharsets.UTF_8)));
	}

	/**
	 * The digest of the given bytes, read one part after the other.
	 * @param parts the bytes
	 * @return the 32 bytes of the digest
	 */
	public static byte[] digest(byte[]... parts) {
		MessageDigest sha256;
		try {
			sha256 = MessageDigest.getInstance("SHA-256");
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException("Every Java platform has SHA-256", ex);
		}
		for (byte[] part : parts) {
			sha256.update(part);
		}
		return sha256.digest();
	}

}
