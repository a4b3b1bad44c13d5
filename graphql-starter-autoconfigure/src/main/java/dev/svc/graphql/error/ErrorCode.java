package dev.svc.graphql.error;

/**
 * The {@code extensions.code} of failures that do not come from a {@link UserFriendlyException}
 * (whose code comes from its class name, e.g. {@code BAD_USER_INPUT} from
 * {@link BadUserInputException}).
 */
public final class ErrorCode {

	/** The query document could not be parsed. */
	public static final String PARSE_FAILED = "GRAPHQL_PARSE_FAILED";

	/** The query document does not fit the schema: unknown field, wrong argument type, ... */
	public static final String VALIDATION_FAILED = "GRAPHQL_VALIDATION_FAILED";

	/** The request itself is unusable: not JSON, no query, too long. */
	public static final String BAD_REQUEST = "BAD_REQUEST";

	/** The database cannot be reached for now; the same request may succeed later. */
	public static final String SERVICE_UNAVAILABLE = "SERVICE_UNAVAILABLE";

	/** Anything unexpected; the detail is in the server log. */
	public static final String INTERNAL_SERVER_ERROR = "INTERNAL_SERVER_ERROR";

	private ErrorCode() {
	}

}
