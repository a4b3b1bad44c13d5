package dev.svc.graphql.web;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.error.ErrorCode;

import org.springframework.graphql.server.webmvc.GraphQlRequestPredicates;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.RequestPredicate;
import org.springframework.web.servlet.function.RequestPredicates;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Answers a request the endpoint cannot take (wrong method, not JSON, unreadable body) with a
 * GraphQL-shaped error that says what the endpoint accepts, instead of an empty status.
 */
final class BadRequestResponses {

	static final String ACCEPTED = "Send a POST with Content-Type application/json and a JSON object body: "
			+ "{\"query\": \"...\", \"variables\": {...}, \"operationName\": \"...\"} where only query is required.";

	private BadRequestResponses() {
	}

	/**
	 * Routes for the requests on the endpoint's path that Spring Boot's GraphQL route does not
	 * take.
	 * @param path the endpoint's path
	 * @return the routes
	 */
	static RouterFunction<ServerResponse> refusals(String path) {
		RequestPredicate graphQlRequest = GraphQlRequestPredicates.graphQlHttp(path);
		return RouterFunctions.route(RequestPredicates.path(path).and(graphQlRequest.negate()),
				BadRequestResponses::refuse);
	}

	private static ServerResponse refuse(ServerRequest request) {
		if (!HttpMethod.POST.equals(request.method())) {
			return ServerResponse.status(HttpStatus.METHOD_NOT_ALLOWED)
				.allow(HttpMethod.POST)
				.contentType(MediaType.APPLICATION_JSON)
				.body(body("Method " + request.method() + " is not supported. " + ACCEPTED));
		}
		String contentType = request.headers().firstHeader("Content-Type");
		if (!isJson(contentType)) {
			return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
					"Content-Type " + contentType + " is not supported. " + ACCEPTED);
		}
		return error(HttpStatus.NOT_ACCEPTABLE, "Accept " + request.headers().firstHeader("Accept")
				+ " is not supported: accept application/graphql-response+json or application/json.");
	}

	private static boolean isJson(String contentType) {
		try {
			return contentType != null && MediaType.APPLICATION_JSON.includes(MediaType.parseMediaType(contentType));
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
	}

	static ServerResponse error(HttpStatusCode status, String message) {
		return ServerResponse.status(status).contentType(MediaType.APPLICATION_JSON).body(body(message));
	}

	private static Map<String, Object> body(String message) {
		Map<String, Object> error = Map.of("message", message, "locations", List.of(), "path", List.of(),
				"extensions", Map.of("code", ErrorCode.BAD_REQUEST));
		return Map.of("errors", List.of(error));
	}

}
