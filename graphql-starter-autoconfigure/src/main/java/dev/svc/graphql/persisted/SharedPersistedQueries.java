package dev.svc.graphql.persisted;

import org.jspecify.annotations.Nullable;

/**
 * The texts of automatic persisted queries that every instance shares: a hash one
 * instance learned is known to the others, which each parse and keep the document
 * themselves. Only texts that ran (parsed, validated, within the limits) for a signed-in
 * caller given the permission of a {@code Query} field are saved; other callers read
 * them. Each account holds at most its share of the store, so that no caller fills it or
 * pushes out the texts others saved. A store out of reach is a miss, and the client sends
 * the text once more.
 */
interface SharedPersistedQueries {

	/**
	 * The text saved under a hash.
	 * @param sha256Hash the SHA-256 hash of the text, in hex
	 * @return the text, {@code null} when none is saved or the store cannot be reached
	 */
	@Nullable String find(String sha256Hash);

	/**
	 * Saves a text that ran, under its hash, within the share of the account that sent
	 * it.
	 * @param sha256Hash the SHA-256 hash of the text, in hex
	 * @param text the text
	 * @param account who sent it: the tenant and the user, the same on every instance
	 */
	void save(String sha256Hash, String text, String account);

}
