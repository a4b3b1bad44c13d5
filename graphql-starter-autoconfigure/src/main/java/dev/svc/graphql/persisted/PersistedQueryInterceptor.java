package dev.svc.graphql.persisted;

import java.util.function.Consumer;

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
 * Finds the document a request runs, before anything of the request runs or is audited,
 * and applies the {@linkplain DocumentRule mode} to it, on every transport and however it
 * came. A request that names a registered document by its {@code documentId} runs its
 * text; one that names a known hash without the text (automatic persisted queries) runs
 * the known text. Either is put into the execution input, so that everything after this
 * sees the text as if the client had sent it; an unknown id answers
 * {@code PERSISTED_DOCUMENT_NOT_FOUND}, an unknown hash {@code PersistedQueryNotFound},
 * upon which the clients send the text with the hash. An unknown hash goes the way a
 * known one goes, up to the document cache, which answers it as it answers a kept
 * document that selects a field hidden from its caller: the two cost the same work and
 * get the same answer, and neither leaves an audit record, so that nobody learns from
 * either whether a text was sent lately. A text that comes with a hash must be the text
 * the hash names: the hash is a key the client chooses. The text then goes through every
 * limit and check as any text does, and the document cache keeps it only once it passed
 * them. Log lines and errors name the hash or the id only, never the variables.
 */
final class PersistedQueryInterceptor implements WebGraphQlInterceptor {

	private static final Log logger = LogFactory.getLog(PersistedQueryInterceptor.class);

	private final PersistedDocuments documents;

	private final RegisteredDocuments registered;

	private final DocumentRule rule;

	private final Consumer<String> refusals;

	/**
	 * Creates an interceptor over the given documents.
	 * @param documents the documents known by their hash, the registered ones first
	 * @param registered the registered documents
	 * @param rule which documents run
	 * @param refusals told the reason of every document refused as unknown or not allowed
	 */
	PersistedQueryInterceptor(PersistedDocuments documents, RegisteredDocuments registered, DocumentRule rule,
			Consumer<String> refusals) {
		this.documents = documents;
		this.registered = registered;
		this.rule = rule;
		this.refusals = refusals;
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
			// a caller the rule refuses learns nothing of what others sent: not whether
			// the hash is cached
			Mono<WebGraphQlResponse> refused = refusedByTheRule(request, persisted.sha256Hash());
			if (refused != null) {
				return refused;
			}
			String known = this.documents.find(persisted.sha256Hash());
			if (known == null) {
				logger.debug("No document is known by hash " + persisted.sha256Hash());
				// the marker is no document: the document cache answers it as one not
				// found for the caller
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
		String hash = PersistedQuery.sha256(document);
		Mono<WebGraphQlResponse> refused = refusedByTheRule(request, hash);
		if (refused != null) {
			return refused;
		}
		if (withText && this.rule.appliesAtAll()) {
			this.rule.sent(caller(request), hash);
		}
		if (!withText) {
			return notFoundForTheCaller(request, document, (String) documentId, chain);
		}
		return chain.next(request);
	}

	/**
	 * Runs the document of a request that named it by its hash or id alone, with the
	 * answer it gets when its caller may not see it: the error of a document not found.
	 */
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

	// the caller, as the interceptor before this one resolved it into the execution input
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
