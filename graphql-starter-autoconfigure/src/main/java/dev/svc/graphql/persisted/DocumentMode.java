package dev.svc.graphql.persisted;

/** Which documents the endpoint runs ({@code graphql.persisted-documents.mode}). */
public enum DocumentMode {

	/** Any document, sent as text, by its hash or by its id. */
	ARBITRARY,

	/**
	 * Signed-in users any document; anonymous callers, by id, hash or text, only
	 * registered ones or ones a holder of {@code arbitrary-permission} sent (none when it
	 * is unset).
	 */
	PERSISTED_FOR_ANONYMOUS,

	/** Registered documents only, but for holders of {@code arbitrary-permission}. */
	REGISTERED_ONLY

}
