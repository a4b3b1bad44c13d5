package dev.svc.graphql.web;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.error.ErrorCode;

import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.function.HandlerFilterFunction;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Answers a request the endpoint cannot read (not JSON, no query, wrong content type) with a
 * GraphQL-shaped error that says what the endpoint accepts, instead of a bare status page.
 */
final class BadRequestResponses {

	static final String ACCEPTED = "Send a POST with Content-Type application/json and a JSON object body: "
			+ "{\"query\": \"...\", \"variables\": {...}, \"operationName\": \"...\"} where only query is required.";

	private BadRequestResponses() {
	}

	static HandlerFilterFunction<ServerResponse, ServerResponse> filter() {
		return (request, next) -> {
			try {
				return next.handle(request);
			}
			catch (HttpMessageNotReadableException ex) {
				return error(HttpStatus.BAD_REQUEST, "The request body is not a valid GraphQL request. " + ACCEPTED);
			}
			catch (HttpMediaTypeNotSupportedException ex) {
				return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
						"Content-Type " + ex.getContentType() + " is not supported. " + ACCEPTED);
			}
			catch (ResponseStatusException ex) {
				HttpStatusCode status = ex.getStatusCode();
				String reason = (ex.getReason() != null) ? ex.getReason() + ". " : "";
				return error(status.is4xxClientError() ? status : HttpStatus.BAD_REQUEST, reason + ACCEPTED);
			}
		};
	}

	static ServerResponse methodNotAllowed(HttpMethod method) {
		return ServerResponse.status(HttpStatus.METHOD_NOT_ALLOWED)
			.allow(HttpMethod.POST)
			.contentType(MediaType.APPLICATION_JSON)
			.body(body("Method " + method + " is not supported. " + ACCEPTED));
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
