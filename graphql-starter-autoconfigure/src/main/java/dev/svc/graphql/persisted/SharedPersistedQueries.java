package dev.svc.graphql.persisted;

import org.jspecify.annotations.Nullable;

/**
 * The texts of automatic persisted queries that every instance shares: a hash one
 * instance learned is known to the others, which each parse and keep the document
 * themselves. Only texts that ran (parsed, validated, within the limits) for a signed-in
 * caller are saved; anonymous callers read them. A store out of reach is a miss, and the
 * client sends the text once more.
 */
public interface SharedPersistedQueries {

	/**
	 * The text saved under a hash.
	 * @param sha256Hash the SHA-256 hash of the text, in hex
	 * @return the text, {@code null} when none is saved or the store cannot be reached
	 */
	@Nullable String find(String sha256Hash);

	/**
	 * Saves a text that ran, under its hash.
	 * @param sha256Hash the SHA-256 hash of the text, in hex
	 * @param text the text
	 */
	void save(String sha256Hash, String text);

}
