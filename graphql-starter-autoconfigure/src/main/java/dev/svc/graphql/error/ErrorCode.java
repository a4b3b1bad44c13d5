package dev.svc.graphql.error;

import java.util.List;
import java.util.Map;

import graphql.ErrorType;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;

/**
 * The {@code extensions.code} of failures other than a {@link UserFriendlyException},
 * whose code comes from its class name.
 */
public final class ErrorCode {

	/** The query document could not be parsed. */
	public static final String PARSE_FAILED = "GRAPHQL_PARSE_FAILED";

	/** The query document does not fit the schema. */
	public static final String VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED";

	/** The request itself is unusable: not JSON, no query, too long. */
	public static final String BAD_REQUEST = "BAD_REQUEST";

	/** The request is over a size limit: body, document length or tokens. */
	public static final String QUERY_TOO_LARGE = "QUERY_TOO_LARGE";

	/** The query is over a limit of its shape or cost. */
	public static final String QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX";

	/**
	 * A persisted query's hash is unknown, so the client resends it with the text; the
	 * message {@code PersistedQueryNotFound} is what clients look for.
	 */
	public static final String PERSISTED_QUERY_NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND";

	/** A persisted query's hash is not the SHA-256 hash of the text sent with it. */
	public static final String PERSISTED_QUERY_HASH_MISMATCH = "PERSISTED_QUERY_HASH_MISMATCH";

	/** A request's {@code documentId} names no registered document. */
	public static final String PERSISTED_DOCUMENT_NOT_FOUND = "PERSISTED_DOCUMENT_NOT_FOUND";

	/** The persisted documents' mode refuses this document from this caller. */
	public static final String PERSISTED_DOCUMENT_REQUIRED = "PERSISTED_DOCUMENT_REQUIRED";

	/** The query ran past the time limit and was stopped. */
	public static final String QUERY_TIMEOUT = "QUERY_TIMEOUT";

	/** The caller may not introspect the schema. */
	public static final String INTROSPECTION_DISABLED = "INTROSPECTION_DISABLED";

	/** The database cannot be reached for now; the same request may succeed later. */
	public static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

	/**
	 * The caller's budget of query cost over time ({@code graphql.rate-limits}) holds
	 * less than the query costs: HTTP 429 with {@code Retry-After}.
	 */
	public static final String RATE_LIMITED = "RATE_LIMITED";

	/** Anything unexpected; the detail is in the server log. */
	public static final String INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR";

	private ErrorCode() {
	}

	/**
	 * A request refused before it runs, which the error interceptor passes on as it is.
	 * @param code the {@code extensions.code}, one of this class's
	 * @param message what is wrong and what is allowed
	 * @return the error
	 */
	public static GraphQLError refusal(String code, String message) {
		return newError(code).errorType(ErrorType.ValidationError).message(message).build();
	}

	/**
	 * The one way the module builds a GraphQL error.
	 * @param code the {@code extensions.code}, one of this class's
	 * @return the builder
	 */
	public static GraphqlErrorBuilder<?> newError(String code) {
		return GraphqlErrorBuilder.newError().extensions(Map.of("code", code));
	}

	/**
	 * An error of the whole request, with empty {@code locations} and {@code path}.
	 * @param message what went wrong, for the client
	 * @param code the {@code extensions.code}, one of this class's
	 * @return the error
	 */
	public static GraphQLError ofRequest(String message, String code) {
		return new ShapedError(message, List.of(), List.of(), ErrorType.ExecutionAborted, Map.of("code", code));
	}

}
