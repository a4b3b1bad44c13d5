package dev.svc.graphql.persisted;

/**
 * Which documents the endpoint runs ({@code graphql.persisted-documents.mode}).
 */
public enum DocumentMode {

	/** Any document, sent as text, by its hash or by its id. */
	ARBITRARY,

	/**
	 * Signed-in users any document; anonymous callers only a registered document, or one the
	 * endpoint already keeps, by its id, its hash or its text. An anonymous text the endpoint does
	 * not know yet is refused, with its hash or without, so it is never kept for later either.
	 */
	PERSISTED_FOR_ANONYMOUS,

	/**
	 * Registered documents only, for everyone but the holders of
	 * {@code graphql.persisted-documents.arbitrary-permission}.
	 */
	REGISTERED_ONLY

}
