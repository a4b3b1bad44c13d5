package dev.svc.graphql.error;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Map;
import java.util.Set;

import graphql.ErrorType;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;

/**
 * The {@code extensions.code} of failures other than a {@link UserFriendlyException},
 * whose code comes from its class name, and which failures are the database's being out
 * of reach.
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

	/** PostgreSQL's states of a server shutting connections down or refusing them. */
	private static final Set<String> SERVER_GOING_AWAY = Set.of("57P01", "57P02", "57P03", "55000");

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

	/**
	 * Whether the failure or a cause says the database cannot be reached (no pooled
	 * connection in time, a connection lost or refused), so that the caller gets
	 * {@link #SERVICE_UNAVAILABLE} and may retry rather than an internal error.
	 * @param failure the failure
	 * @return whether trying again later may succeed
	 */
	public static boolean isDatabaseUnavailable(Throwable failure) {
		for (Throwable cause = failure; cause != null; cause = (cause.getCause() != cause) ? cause.getCause() : null) {
			if (cause instanceof SQLTransientConnectionException || cause instanceof SQLNonTransientConnectionException
					|| cause instanceof ConnectException) {
				return true;
			}
			if (cause instanceof SQLException sql && sql.getSQLState() != null
					&& (sql.getSQLState().startsWith("08") || SERVER_GOING_AWAY.contains(sql.getSQLState()))) {
				return true;
			}
		}
		return false;
	}

}
