package dev.svc.graphql.error;

import java.io.PrintWriter;
import java.io.StringWriter;

import graphql.GraphQLError;
import graphql.schema.DataFetchingEnvironment;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.graphql.execution.DataFetcherExceptionResolverAdapter;

/**
 * Adds a {@link UserFriendlyException}'s message to a field error; any other exception's
 * is logged, never sent, unless exception details are exposed.
 */
final class QueryExceptionResolver extends DataFetcherExceptionResolverAdapter {

	private static final Log logger = LogFactory.getLog(QueryExceptionResolver.class);

	private final boolean exposeExceptionDetails;

	QueryExceptionResolver(boolean exposeExceptionDetails) {
		this.exposeExceptionDetails = exposeExceptionDetails;
		setThreadLocalContextAware(false);
	}

	@Override
	protected GraphQLError resolveToSingleError(Throwable ex, DataFetchingEnvironment env) {
		StringBuilder message = new StringBuilder("Error trying to resolve ").append(env.getField().getName())
			.append('.');
		String code;
		if (ex instanceof UserFriendlyException userFriendly) {
			code = userFriendly.getCode();
			message.append(' ').append(userFriendly.getMessage());
			if (logger.isDebugEnabled()) {
				logger.debug("Query field " + env.getExecutionStepInfo().getPath() + " failed: " + ex.getMessage());
			}
		}
		else if (ErrorCode.isDatabaseUnavailable(ex)) {
			code = ErrorCode.SERVICE_UNAVAILABLE;
			message.append(" The database cannot be reached; try again later.");
			logger.warn("Query field " + env.getExecutionStepInfo().getPath()
					+ " failed: the database cannot be reached: " + ex.getMessage());
		}
		else {
			code = ErrorCode.INTERNAL_SERVER_ERROR;
			logger.error("Query field " + env.getExecutionStepInfo().getPath() + " failed", ex);
		}
		if (this.exposeExceptionDetails) {
			appendDetails(message, ex);
		}
		return ErrorCode.newError(code)
			.location(env.getField().getSourceLocation())
			.path(env.getExecutionStepInfo().getPath())
			.message(message.toString())
			.build();
	}

	private static void appendDetails(StringBuilder message, Throwable ex) {
		for (Throwable current = ex; current != null; current = current.getCause()) {
			message.append(" ---> ").append(current.getClass().getName()).append(": ").append(current.getMessage());
			if (current.getCause() == current) {
				break;
			}
		}
		StringWriter trace = new StringWriter();
		ex.printStackTrace(new PrintWriter(trace));
		message.append(System.lineSeparator()).append(trace);
	}

}
