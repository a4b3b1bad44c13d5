package dev.svc.graphql.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.ErrorClassification;
import graphql.ErrorType;
import graphql.GraphQLError;
import graphql.language.SourceLocation;

/**
 * An error of the whole request rather than of a field, in the shape of every error the
 * endpoint answers: {@code message}, empty {@code locations} and {@code path}, and
 * {@code extensions.code} (graphql-java's own errors would add
 * {@code extensions.classification}).
 *
 * @param message what went wrong, for the client
 * @param code the error's code, one of {@link dev.svc.graphql.error.ErrorCode}'s
 */
record EndpointError(String message, String code) implements GraphQLError {

	@Override
	public String getMessage() {
		return this.message;
	}

	@Override
	public List<SourceLocation> getLocations() {
		return List.of();
	}

	@Override
	public List<Object> getPath() {
		return List.of();
	}

	@Override
	public ErrorClassification getErrorType() {
		return ErrorType.ExecutionAborted;
	}

	@Override
	public Map<String, Object> getExtensions() {
		return Map.of("code", this.code);
	}

	@Override
	public Map<String, Object> toSpecification() {
		Map<String, Object> error = new LinkedHashMap<>();
		error.put("message", this.message);
		error.put("locations", List.of());
		error.put("path", List.of());
		error.put("extensions", getExtensions());
		return error;
	}

}
