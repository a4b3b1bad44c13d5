package dev.svc.graphql.error;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Tells a database out of reach (no pooled connection in time, a connection lost or
 * refused) from other failures, so the caller gets {@code SERVICE_UNAVAILABLE} and may
 * retry rather than an internal error.
 */
public final class DatabaseUnavailable {

	/** PostgreSQL's states of a server shutting connections down or refusing them. */
	private static final Set<String> SERVER_GOING_AWAY = Set.of("57P01", "57P02", "57P03", "55000");

	private DatabaseUnavailable() {
	}

	/**
	 * Whether the failure or a cause says the database cannot be reached.
	 * @param failure the failure
	 * @return whether trying again later may succeed
	 */
	public static boolean isCauseOf(Throwable failure) {
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
