package dev.svc.graphql.persisted;

import java.time.Duration;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.UserContext;
import org.jspecify.annotations.Nullable;

/**
 * Applies {@code graphql.persisted-documents.mode} to a request's document, however it
 * came, once the caller is known. In {@code persisted-for-anonymous}, anonymous callers
 * run registered documents and ones a holder of {@code arbitrary-permission} sent (not
 * any signed-in user's), whose hashes are kept for an hour after the last send, at most
 * {@value #MAX_VOUCHED} (about 1.5 MB).
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

	boolean appliesAtAll() {
		return this.mode != DocumentMode.ARBITRARY;
	}

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

	// a text the rule let run; one a holder of the arbitrary permission sent may then run
	// for anonymous callers
	void sent(@Nullable UserContext caller, String sha256Hash) {
		if (this.mode == DocumentMode.PERSISTED_FOR_ANONYMOUS && holdsArbitraryPermission(caller)) {
			this.vouched.put(sha256Hash, Boolean.TRUE);
		}
	}

	private boolean holdsArbitraryPermission(@Nullable UserContext caller) {
		return caller != null && this.arbitraryPermission != null
				&& caller.grantedPermissions().contains(this.arbitraryPermission);
	}

	// reason: the refusals counter's tag; message: what the caller is told
	record Refusal(String reason, String message) {
	}

}
