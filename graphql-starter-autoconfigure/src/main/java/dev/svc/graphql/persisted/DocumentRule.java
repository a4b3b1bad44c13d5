package dev.svc.graphql.persisted;

import java.time.Duration;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.UserContext;
import org.jspecify.annotations.Nullable;

/**
 * Applies {@code graphql.persisted-documents.mode} to the document a request runs,
 * however it came (text, hash or id), once the caller is known. In
 * {@code persisted-for-anonymous}, anonymous callers run registered documents and those
 * that a holder of {@code arbitrary-permission} sent: a document any signed-in user sent
 * is not one anonymous callers may run. The hashes of those documents are kept in a
 * bounded set ({@value #MAX_VOUCHED} hashes of 64 characters, about 1.5 MB at most), each
 * forgotten an hour after it was last sent.
 */
final class DocumentRule {

	private static final Refusal NOT_PERSISTED = new Refusal("not-persisted",
			"Anonymous callers may run only registered documents, or ones the application's authors sent "
					+ "(graphql.persisted-documents.mode=persisted-for-anonymous): name a registered document by its "
					+ "documentId, or sign in to send others.");

	static final int MAX_VOUCHED = 10_000;

	private static final Refusal NOT_REGISTERED = new Refusal("not-registered",
			"Only registered documents run here (graphql.persisted-documents.mode=registered-only): name one by its "
					+ "documentId (sha256:<hash of its text>), or by its hash as an automatic persisted query.");

	private final DocumentMode mode;

	private final @Nullable String arbitraryPermission;

	private final RegisteredDocuments registered;

	/** The hashes of the documents holders of the arbitrary permission sent lately. */
	private final Cache<String, Boolean> vouched = Caffeine.newBuilder()
		.maximumSize(MAX_VOUCHED)
		.expireAfterWrite(Duration.ofHours(1))
		.executor(Runnable::run)
		.build();

	DocumentRule(DocumentMode mode, @Nullable String arbitraryPermission, RegisteredDocuments registered) {
		this.mode = mode;
		this.arbitraryPermission = arbitraryPermission;
		this.registered = registered;
	}

	/**
	 * Whether the rule refuses anything: every document runs in the {@code arbitrary}
	 * mode.
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
			case PERSISTED_FOR_ANONYMOUS ->
				((caller != null && caller.isAuthenticated()) || this.registered.find(sha256Hash) != null
						|| this.vouched.getIfPresent(sha256Hash) != null) ? null : NOT_PERSISTED;
			case REGISTERED_ONLY ->
				(holdsArbitraryPermission(caller) || this.registered.find(sha256Hash) != null) ? null : NOT_REGISTERED;
		};
	}

	/**
	 * Notes a document's text that a caller sent and the rule let run: in
	 * {@code persisted-for-anonymous}, one that a holder of the arbitrary permission sent
	 * may be run by anonymous callers from then on.
	 * @param caller the caller, {@code null} when anonymous
	 * @param sha256Hash the hash of the document's text
	 */
	void sent(@Nullable UserContext caller, String sha256Hash) {
		if (this.mode == DocumentMode.PERSISTED_FOR_ANONYMOUS && holdsArbitraryPermission(caller)) {
			this.vouched.put(sha256Hash, Boolean.TRUE);
		}
	}

	private boolean holdsArbitraryPermission(@Nullable UserContext caller) {
		return caller != null && this.arbitraryPermission != null
				&& caller.grantedPermissions().contains(this.arbitraryPermission);
	}

	/**
	 * Why a document was refused, the {@code reason} of the refusals' counter, and what
	 * the caller is told.
	 *
	 * @param reason the {@code reason} tag of the refusals' counter
	 * @param message what the caller is told
	 */
	record Refusal(String reason, String message) {
	}

}
