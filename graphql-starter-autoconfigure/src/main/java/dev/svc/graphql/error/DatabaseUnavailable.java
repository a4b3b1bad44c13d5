package dev.svc.graphql.error;

import java.net.ConnectException;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransientConnectionException;
import java.util.Set;

/**
 * Tells a failure that comes from a database out of reach (no connection to be had within
 * the pool's wait, a connection lost or refused) from any other: the caller gets
 * {@code SERVICE_UNAVAILABLE} and may try again, instead of an internal error.
 */
public final class DatabaseUnavailable {

	/**
	 * PostgreSQL's states of a server that shuts connections down or refuses them for
	 * now.
	 */
	private static final Set<String> SERVER_GOING_AWAY = Set.of("57P01", "57P02", "57P03", "55000");

	private DatabaseUnavailable() {
	}

	/**
	 * Whether the failure, or one of its causes, says the database cannot be reached.
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
