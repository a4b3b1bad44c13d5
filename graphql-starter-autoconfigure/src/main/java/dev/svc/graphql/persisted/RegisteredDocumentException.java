package dev.svc.graphql.persisted;

import org.jspecify.annotations.Nullable;

/**
 * A manifest of registered documents that does not read, or a document in it that the
 * endpoint would refuse: either stops the start-up.
 */
public class RegisteredDocumentException extends RuntimeException {

	private final String manifest;

	/**
	 * A problem of a manifest or of one of its documents.
	 * @param manifest the manifest
	 * @param document the document, by name and id, or {@code null} for the whole
	 * manifest
	 * @param problem what is wrong, a sentence
	 */
	public RegisteredDocumentException(String manifest, @Nullable String document, String problem) {
		super("The manifest " + manifest + " of registered documents cannot be used: "
				+ ((document != null) ? "in " + document + ", " : "") + problem);
		this.manifest = manifest;
	}

	/**
	 * The manifest that has the problem.
	 * @return its location
	 */
	public String getManifest() {
		return this.manifest;
	}

}
