package dev.svc.graphql.persisted;

import dev.svc.graphql.context.UserContext;
import org.jspecify.annotations.Nullable;

/**
 * Applies {@code graphql.persisted-documents.mode} to the document a request runs, however it came
 * (text, hash or id), once the caller is known.
 */
final class DocumentRule {

	/**
	 * Why a document was refused, the {@code reason} of the refusals' counter, and what the caller
	 * is told.
	 */
	record Refusal(String reason, String message) {
	}

	private static final Refusal NOT_PERSISTED = new Refusal("not-persisted",
			"Anonymous callers may run only registered documents, or ones the server already keeps "
					+ "(graphql.persisted-documents.mode=persisted-for-anonymous): name a registered document by its "
					+ "documentId, or sign in to send others.");

	private static final Refusal NOT_REGISTERED = new Refusal("not-registered",
			"Only registered documents run here (graphql.persisted-documents.mode=registered-only): name one by its "
					+ "documentId (sha256:<hash of its text>), or by its hash as an automatic persisted query.");

	private final DocumentMode mode;

	private final @Nullable String arbitraryPermission;

	private final RegisteredDocuments registered;

	private final PersistedDocuments known;

	DocumentRule(DocumentMode mode, @Nullable String arbitraryPermission, RegisteredDocuments registered,
			PersistedDocuments known) {
		this.mode = mode;
		this.arbitraryPermission = arbitraryPermission;
		this.registered = registered;
		this.known = known;
	}

	/**
	 * Whether the rule refuses anything: every document runs in the {@code arbitrary} mode.
	 */
	boolean appliesAtAll() {
		return this.mode != DocumentMode.ARBITRARY;
	}

	/**
	 * Why the caller may not run the document, if it may not.
	 * @param caller the caller, {@code null} when none was resolved (anonymous)
	 * @param sha256Hash the hash of the document's text
	 * @return the refusal, or {@code null} when the document runs
	 */
	@Nullable Refusal refusal(@Nullable UserContext caller, String sha256Hash) {
		return switch (this.mode) {
			case ARBITRARY -> null;
			case PERSISTED_FOR_ANONYMOUS -> (caller != null && caller.isAuthenticated())
					|| this.known.find(sha256Hash) != null ? null : NOT_PERSISTED;
			case REGISTERED_ONLY -> (caller != null && this.arbitraryPermission != null
					&& caller.grantedPermissions().contains(this.arbitraryPermission))
					|| this.registered.find(sha256Hash) != null ? null : NOT_REGISTERED;
		};
	}

}
