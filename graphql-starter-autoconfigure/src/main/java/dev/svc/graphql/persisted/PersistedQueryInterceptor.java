package dev.svc.graphql.persisted;

import java.util.Map;

import dev.svc.graphql.error.ErrorCode;
import graphql.ErrorType;
import graphql.ExecutionResult;
import graphql.GraphqlErrorBuilder;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;

/**
 * Automatic persisted queries, before anything of the request runs or is audited. A request that
 * names a known hash without the text runs the known text, put into its execution input, so that
 * everything after this sees the text as if the client had sent it; an unknown hash answers
 * {@code PersistedQueryNotFound}, upon which the clients send the text with the hash. A text that
 * comes with a hash must be the text the hash names: the hash is a key the client chooses. The
 * text then goes through every limit and check as any text does, and the document cache keeps it
 * only once it passed them. Log lines and errors name the hash only, never the variables.
 */
final class PersistedQueryInterceptor implements WebGraphQlInterceptor {

	private static final Log logger = LogFactory.getLog(PersistedQueryInterceptor.class);

	private final PersistedDocuments documents;

	PersistedQueryInterceptor(PersistedDocuments documents) {
		this.documents = documents;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		String problem = PersistedQuery.problem(request.getExtensions());
		if (problem != null) {
			return refuse(request, ErrorCode.BAD_REQUEST, problem);
		}
		PersistedQuery persisted = PersistedQuery.of(request.getExtensions());
		if (persisted == null) {
			return chain.next(request);
		}
		if (!PersistedQuery.MARKER.equals(request.getDocument())) {
			if (!persisted.isHashOf(request.getDocument())) {
				logger.debug("Refused a persisted query whose text is not the one of hash " + persisted.sha256Hash());
				return refuse(request, ErrorCode.PERSISTED_QUERY_HASH_MISMATCH, "extensions.persistedQuery.sha256Hash "
						+ persisted.sha256Hash() + " is not the SHA-256 hash of the query's text (UTF-8).");
			}
			return chain.next(request);
		}
		String document = this.documents.find(persisted.sha256Hash());
		if (document == null) {
			logger.debug("No document is known by hash " + persisted.sha256Hash());
			return refuse(request, ErrorCode.PERSISTED_QUERY_NOT_FOUND, "PersistedQueryNotFound");
		}
		request.configureExecutionInput((input, builder) -> builder.query(document).build());
		return chain.next(request);
	}

	private static Mono<WebGraphQlResponse> refuse(WebGraphQlRequest request, String code, String message) {
		ExecutionResult result = ExecutionResult.newExecutionResult()
			.addError(GraphqlErrorBuilder.newError()
				.errorType(ErrorType.ValidationError)
				.message(message)
				.extensions(Map.of("code", code))
				.build())
			.build();
		return Mono.just(new WebGraphQlResponse(new DefaultExecutionGraphQlResponse(request.toExecutionInput(), result)));
	}

}
