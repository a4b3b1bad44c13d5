package dev.svc.graphql.persisted;

/**
 * Which documents the endpoint runs ({@code graphql.persisted-documents.mode}).
 */
public enum DocumentMode {

	/** Any document, sent as text, by its hash or by its id. */
	ARBITRARY,

	/**
	 * Signed-in users any document; anonymous callers only a registered document, or one
	 * a holder of {@code graphql.persisted-documents.arbitrary-permission} sent (none
	 * without it set), by its id, its hash or its text. Any other text is refused to
	 * anonymous callers, with its hash or without, whether another signed-in user sent it
	 * or not.
	 */
	PERSISTED_FOR_ANONYMOUS,

	/**
	 * Registered documents only, for everyone but the holders of
	 * {@code graphql.persisted-documents.arbitrary-permission}.
	 */
	REGISTERED_ONLY

}
