package dev.svc.graphql;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** SHA-256, the module's one digest (documents, kept secrets, entity tags, cursors). */
public final class Sha256 {

	private Sha256() {
	}

	/**
	 * The lower-case hex digest of a text's UTF-8 bytes, as persisted-query hashes are.
	 * @param text the text
	 * @return 64 hexadecimal digits
	 */
	public static String hex(String text) {
		return HexFormat.of().formatHex(digest(text.getBytes(StandardCharsets.UTF_8)));
	}

	/**
	 * The digest of the parts, in order.
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
