package dev.svc.graphql.error;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.language.SourceLocation;

/**
 * An error with exactly the four members clients get, without graphql-java's
 * {@code extensions.classification}.
 *
 * @param message the message
 * @param locations the locations
 * @param path the path, empty for the whole request
 * @param errorType the classification, not serialized
 * @param extensions the extensions
 */
record ShapedError(String message, List<SourceLocation> locations, List<Object> path, ErrorClassification errorType,
		Map<String, Object> extensions) implements GraphQLError {

	@Override
	public String getMessage() {
		return this.message;
	}

	@Override
	public List<SourceLocation> getLocations() {
		return this.locations;
	}

	@Override
	public List<Object> getPath() {
		return this.path;
	}

	@Override
	public ErrorClassification getErrorType() {
		return this.errorType;
	}

	@Override
	public Map<String, Object> getExtensions() {
		return this.extensions;
	}

	@Override
	public Map<String, Object> toSpecification() {
		Map<String, Object> specification = new LinkedHashMap<>();
		specification.put("message", this.message);
		specification.put("locations",
				this.locations.stream()
					.map((location) -> Map.of("line", location.getLine(), "column", location.getColumn()))
					.toList());
		specification.put("path", this.path);
		specification.put("extensions", this.extensions);
		return specification;
	}

}
