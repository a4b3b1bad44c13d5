package dev.svc.graphql.error;

import java.util.List;
import java.util.Map;

import graphql.ErrorType;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;

/**
 * The {@code extensions.code} of failures that do not come from a
 * {@link UserFriendlyException} (whose code comes from its class name, e.g.
 * {@code BAD_USER_INPUT} from {@link BadUserInputException}).
 */
public final class ErrorCode {

	/** The query document could not be parsed. */
	public static final String PARSE_FAILED = "GRAPHQL_PARSE_FAILED";

	/**
	 * The query document does not fit the schema: unknown field, wrong argument type, ...
	 */
	public static final String VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED";

	/** The request itself is unusable: not JSON, no query, too long. */
	public static final String BAD_REQUEST = "BAD_REQUEST";

	/** The request is over a limit of its size: body, document length or tokens. */
	public static final String QUERY_TOO_LARGE = "QUERY_TOO_LARGE";

	/**
	 * The query is over a limit of its shape or cost: depth, fields, aliases, directives,
	 * fragments, cost.
	 */
	public static final String QUERY_TOO_COMPLEX = "QUERY_TOO_COMPLEX";

	/**
	 * A persisted query names a hash without the query's text, and no document is known
	 * by it: the client sends the text with the hash. Its message is
	 * {@code PersistedQueryNotFound}, which clients look for.
	 */
	public static final String PERSISTED_QUERY_NOT_FOUND = "PERSISTED_QUERY_NOT_FOUND";

	/**
	 * A persisted query's hash is not the SHA-256 hash of the query's text that came with
	 * it.
	 */
	public static final String PERSISTED_QUERY_HASH_MISMATCH = "PERSISTED_QUERY_HASH_MISMATCH";

	/** A request's {@code documentId} names no registered document. */
	public static final String PERSISTED_DOCUMENT_NOT_FOUND = "PERSISTED_DOCUMENT_NOT_FOUND";

	/**
	 * The endpoint runs only registered (or, for anonymous callers, kept) documents for
	 * this caller ({@code graphql.persisted-documents.mode}), and the request's document
	 * is not one.
	 */
	public static final String PERSISTED_DOCUMENT_REQUIRED = "PERSISTED_DOCUMENT_REQUIRED";

	/** The query ran past the time limit and was stopped. */
	public static final String QUERY_TIMEOUT = "QUERY_TIMEOUT";

	/** The caller may not introspect the schema. */
	public static final String INTROSPECTION_DISABLED = "INTROSPECTION_DISABLED";

	/** The database cannot be reached for now; the same request may succeed later. */
	public static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

	/** Anything unexpected; the detail is in the server log. */
	public static final String INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR";

	private ErrorCode() {
	}

	/**
	 * A request refused before it runs: a validation error with exactly this code and
	 * message, which the error interceptor passes on as it is.
	 * @param code the {@code extensions.code}, one of this class's
	 * @param message what is wrong and what is allowed
	 * @return the error
	 */
	public static GraphQLError refusal(String code, String message) {
		return newError(code).errorType(ErrorType.ValidationError).message(message).build();
	}

	/**
	 * The one way the module builds a GraphQL error: graphql-java's builder with the
	 * {@code extensions.code} set, for the caller to add the message, the place and the
	 * classification.
	 * @param code the {@code extensions.code}, one of this class's
	 * @return the builder
	 */
	public static GraphqlErrorBuilder<?> newError(String code) {
		return GraphqlErrorBuilder.newError().extensions(Map.of("code", code));
	}

	/**
	 * An error of the whole request rather than of a field, in the shape of every error
	 * the endpoint answers: {@code message}, empty {@code locations} and {@code path},
	 * and {@code extensions.code} alone.
	 * @param message what went wrong, for the client
	 * @param code the {@code extensions.code}, one of this class's
	 * @return the error
	 */
	public static GraphQLError ofRequest(String message, String code) {
		return new ShapedError(message, List.of(), List.of(), ErrorType.ExecutionAborted, Map.of("code", code));
	}

}
