package dev.svc.graphql.persisted;

import java.util.function.Consumer;
import java.util.function.Predicate;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.ErrorCode;
import graphql.ExecutionResult;
import graphql.GraphQLError;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;

/**
 * Finds the document a request runs, before anything runs or is audited, and applies the
 * {@linkplain DocumentRule mode} to it, on every transport. A registered document's
 * {@code documentId} or a known hash alone (automatic persisted queries) puts the text in
 * the execution input, as if the client had sent it; an unknown id answers
 * {@code PERSISTED_DOCUMENT_NOT_FOUND}. An unknown hash goes the way of a known one up to
 * the document cache, which answers {@code PersistedQueryNotFound} (clients then send the
 * text) as it answers a kept document hidden from the caller: same work, same answer, no
 * audit record, so nobody learns whether a text was sent lately. A text sent with a hash
 * must be the one it names, since the client chooses the key. Log lines and errors name
 * the hash or id only, never the variables.
 */
final class PersistedQueryInterceptor implements WebGraphQlInterceptor {

	private static final Log logger = LogFactory.getLog(PersistedQueryInterceptor.class);

	private final PersistedDocuments documents;

	private final RegisteredDocuments registered;

	private final DocumentRule rule;

	private final Consumer<String> refusals;

	private final @Nullable SharedPersistedQueries shared;

	private final Predicate<UserContext> sharesTextsOf;

	// documents: known by hash, registered first; refusals: told each refusal's reason;
	// shared: the texts other instances learned; sharesTextsOf: the signed-in callers
	// whose texts are shared
	PersistedQueryInterceptor(PersistedDocuments documents, RegisteredDocuments registered, DocumentRule rule,
			Consumer<String> refusals, @Nullable SharedPersistedQueries shared, Predicate<UserContext> sharesTextsOf) {
		this.documents = documents;
		this.registered = registered;
		this.rule = rule;
		this.refusals = refusals;
		this.shared = shared;
		this.sharesTextsOf = sharesTextsOf;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		String problem = PersistedQuery.problem(request.getExtensions());
		if (problem != null) {
			return refuse(request, ErrorCode.BAD_REQUEST, problem);
		}
		Object documentId = request.getExtensions().get(RegisteredDocuments.DOCUMENT_ID);
		PersistedQuery persisted = PersistedQuery.of(request.getExtensions());
		boolean withText = !PersistedQuery.MARKER.equals(request.getDocument());
		String document;
		if (documentId != null) {
			if (!(documentId instanceof String id) || id.isBlank()) {
				return refuse(request, ErrorCode.BAD_REQUEST,
						"documentId must be a string: sha256: and the SHA-256 hash of the document's text, or its id in "
								+ "the manifest that registered it.");
			}
			if (withText || persisted != null) {
				return refuse(request, ErrorCode.BAD_REQUEST, "A request names its document once: by documentId, by "
						+ "query, or by extensions.persistedQuery alone (a query may come with its persisted query).");
			}
			RegisteredDocument found = this.registered.byId(id);
			if (found == null) {
				logger.debug("No document is registered with id " + shortened(id));
				this.refusals.accept("unknown-id");
				return refuse(request, ErrorCode.PERSISTED_DOCUMENT_NOT_FOUND,
						"No document is registered with documentId " + shortened(id) + ".");
			}
			document = found.text();
		}
		else if (persisted != null && !withText) {
			// before the look-up: a refused caller learns not even whether the hash is
			// kept
			Mono<WebGraphQlResponse> refused = refusedByTheRule(request, persisted.sha256Hash());
			if (refused != null) {
				return refused;
			}
			String known = this.documents.find(persisted.sha256Hash());
			if (known == null) {
				known = sharedText(persisted);
			}
			if (known == null) {
				logger.debug("No document is known by hash " + persisted.sha256Hash());
				// the document cache answers the marker as a document not found for the
				// caller
				return notFoundForTheCaller(request, PersistedQuery.MARKER, null, chain);
			}
			document = known;
		}
		else {
			document = request.getDocument();
			if (persisted != null && !persisted.isHashOf(document)) {
				logger.debug("Refused a persisted query whose text is not the one of hash " + persisted.sha256Hash());
				return refuse(request, ErrorCode.PERSISTED_QUERY_HASH_MISMATCH, "extensions.persistedQuery.sha256Hash "
						+ persisted.sha256Hash() + " is not the SHA-256 hash of the query's text (UTF-8).");
			}
		}
		if (this.rule.appliesAtAll()) {
			// the text's hash is worked out here only for the rule: the document cache
			// works it out again, and most requests have no rule
			String hash = PersistedQuery.sha256(document);
			Mono<WebGraphQlResponse> refused = refusedByTheRule(request, hash);
			if (refused != null) {
				return refused;
			}
			if (withText) {
				this.rule.sent(caller(request), hash);
			}
		}
		if (!withText) {
			return notFoundForTheCaller(request, document, (String) documentId, chain);
		}
		SharedPersistedQueries shared = this.shared;
		String account = sharingAccount(caller(request));
		// with the text, a persisted query's hash is the text's: checked above
		if (persisted != null && shared != null && account != null
				&& this.documents.find(persisted.sha256Hash()) == null) {
			String hash = persisted.sha256Hash();
			// a hash and text this instance did not know, of a caller some permission was
			// given to: once it ran, every instance knows it, within the caller's share
			String text = document;
			return chain.next(request).doOnNext((response) -> {
				if (response.getExecutionResult().getData() != null) {
					shared.save(hash, text, account);
				}
			});
		}
		return chain.next(request);
	}

	// nobody answers for what an anonymous caller, or a user given no permission, would
	// fill the shared store with: their texts stay on the instance that ran them
	private @Nullable String sharingAccount(@Nullable UserContext caller) {
		if (caller == null || caller.userId() == null || !this.sharesTextsOf.test(caller)) {
			return null;
		}
		return ((caller.tenantId() != null) ? caller.tenantId() : "") + "/" + caller.userId();
	}

	// what another instance learned, if its hash is the one asked for
	private @Nullable String sharedText(PersistedQuery persisted) {
		SharedPersistedQueries shared = this.shared;
		String text = (shared != null) ? shared.find(persisted.sha256Hash()) : null;
		return (text != null && persisted.isHashOf(text)) ? text : null;
	}

	// a document named by hash or id alone answers as not found if hidden from the caller
	private static Mono<WebGraphQlResponse> notFoundForTheCaller(WebGraphQlRequest request, String document,
			@Nullable String documentId, Chain chain) {
		GraphQLError notFound = (documentId != null)
				? ErrorCode.refusal(ErrorCode.PERSISTED_DOCUMENT_NOT_FOUND,
						"No document is registered with documentId " + shortened(documentId) + ".")
				: ErrorCode.refusal(ErrorCode.PERSISTED_QUERY_NOT_FOUND, "PersistedQueryNotFound");
		request.configureExecutionInput((input, builder) -> builder.query(document)
			.graphQLContext((context) -> context.put(PersistedQuery.NOT_FOUND_FOR_CALLER, notFound))
			.build());
		return chain.next(request);
	}

	private @Nullable Mono<WebGraphQlResponse> refusedByTheRule(WebGraphQlRequest request, String hash) {
		if (!this.rule.appliesAtAll()) {
			return null;
		}
		DocumentRule.Refusal refusal = this.rule.refusal(caller(request), hash);
		if (refusal == null) {
			return null;
		}
		logger.info("Refused a document (" + refusal.reason() + ") with SHA-256 hash " + hash);
		this.refusals.accept(refusal.reason());
		return refuse(request, ErrorCode.PERSISTED_DOCUMENT_REQUIRED, refusal.message());
	}

	// as the interceptor before this one resolved it
	private static @Nullable UserContext caller(WebGraphQlRequest request) {
		return request.toExecutionInput().getGraphQLContext().get(UserContext.class);
	}

	private static String shortened(String id) {
		String printable = id.replaceAll("\\p{Cntrl}", "?");
		return (printable.length() > 80) ? printable.substring(0, 80) + "…" : printable;
	}

	private static Mono<WebGraphQlResponse> refuse(WebGraphQlRequest request, String code, String message) {
		ExecutionResult result = ExecutionResult.newExecutionResult()
			.addError(ErrorCode.refusal(code, message))
			.build();
		return Mono
			.just(new WebGraphQlResponse(new DefaultExecutionGraphQlResponse(request.toExecutionInput(), result)));
	}

}
