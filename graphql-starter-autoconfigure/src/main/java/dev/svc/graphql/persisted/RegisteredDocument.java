package dev.svc.graphql.persisted;

import org.jspecify.annotations.Nullable;

/**
 * A document registered ahead of time, from a manifest that a client's build wrote.
 *
 * @param id the manifest's id for it, by which a request's {@code documentId} names it
 * @param sha256Hash its text's SHA-256 hash, in lower-case hexadecimal, which a request
 * names as {@code sha256:<hash>} or as an automatic persisted query's
 * @param name its operation's name, when the manifest gives one
 * @param text its text
 * @param manifest where it was registered, for reports
 */
public record RegisteredDocument(String id, String sha256Hash, @Nullable String name, String text, String manifest) {

	/**
	 * How reports name it: its operation's name when it has one, and its id.
	 * @return the name and id
	 */
	public String describe() {
		return (this.name != null) ? this.name + " (id " + this.id + ")" : "id " + this.id;
	}

}
