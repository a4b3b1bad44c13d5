package dev.svc.graphql.error;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.ErrorClassification;
import graphql.GraphQLError;
import graphql.language.SourceLocation;

/**
 * An error serialized with exactly the four members clients get: graphql-java's own
 * errors would add {@code extensions.classification}.
 *
 * @param message what went wrong, for the client
 * @param locations where in the document, if anywhere
 * @param path the field's path, empty for an error of the whole request
 * @param errorType graphql-java's classification, which is not serialized
 * @param extensions {@code code} and whatever else the error carries
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
