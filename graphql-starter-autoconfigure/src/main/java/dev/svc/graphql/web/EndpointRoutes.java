package dev.svc.graphql.web;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.error.ErrorCode;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.graphql.MediaTypes;
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
 * The endpoint's routes beside Boot's: GET queries, and GraphQL-shaped errors saying what
 * is accepted for requests it cannot take, instead of an empty status.
 */
final class EndpointRoutes {

	static final String ACCEPTED = "Send a POST with Content-Type application/json and a JSON object body: "
			+ "{\"query\": \"...\", \"variables\": {...}, \"operationName\": \"...\"} where only query is required, "
			+ "or a query as a GET with the same members as parameters.";

	private EndpointRoutes() {
	}

	/**
	 * The {@code handler} is {@code null} when the host replaced it, the {@code printer}
	 * when Boot's is off.
	 */
	static RouterFunction<ServerResponse> routes(String path, @Nullable SvcGraphQlHttpHandler handler,
			@Nullable SchemaPrinterHandler printer) {
		RequestPredicate graphQlRequest = GraphQlRequestPredicates.graphQlHttp(path);
		RouterFunctions.Builder routes = RouterFunctions.route();
		if (handler != null) {
			routes.GET(path, EndpointRoutes::acceptsJson, handler::handleGet);
		}
		if (printer != null) {
			routes.GET(path + "/schema", printer::handle);
		}
		return routes
			.route(RequestPredicates.path(path).and((request) -> !matches(graphQlRequest, request)),
					(request) -> refuse(request, handler != null))
			.build();
	}

	/** Spring's predicate throws on an unparsable content type. */
	private static boolean matches(RequestPredicate predicate, ServerRequest request) {
		try {
			return predicate.test(request);
		}
		catch (RuntimeException ex) {
			return false;
		}
	}

	private static boolean acceptsJson(ServerRequest request) {
		try {
			List<MediaType> accepted = request.headers().accept();
			return accepted.isEmpty() || accepted.stream()
				.anyMatch((type) -> type.isCompatibleWith(MediaTypes.APPLICATION_GRAPHQL_RESPONSE)
						|| type.isCompatibleWith(MediaType.APPLICATION_JSON));
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
	}

	private static ServerResponse refuse(ServerRequest request, boolean getServed) {
		boolean get = HttpMethod.GET.equals(request.method());
		if (!HttpMethod.POST.equals(request.method()) && !(get && getServed)) {
			return ServerResponse.status(HttpStatus.METHOD_NOT_ALLOWED)
				.allow(getServed ? new HttpMethod[] { HttpMethod.GET, HttpMethod.POST }
						: new HttpMethod[] { HttpMethod.POST })
				.contentType(MediaType.APPLICATION_JSON)
				.body(body("Method " + request.method() + " is not supported. " + ACCEPTED));
		}
		String contentType = request.headers().firstHeader("Content-Type");
		if (!get && !JsonRequests.isJson(contentType)) {
			return error(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
					"Content-Type " + contentType + " is not supported. " + ACCEPTED);
		}
		return error(HttpStatus.NOT_ACCEPTABLE, "Accept " + request.headers().firstHeader("Accept")
				+ " is not supported: accept application/graphql-response+json or application/json.");
	}

	static ServerResponse error(HttpStatusCode status, String message) {
		return ServerResponse.status(status).contentType(MediaType.APPLICATION_JSON).body(body(message));
	}

	static String body(String message) {
		return body(message, ErrorCode.BAD_REQUEST);
	}

	static String body(String message, String code) {
		return json(Map.of("errors", List.of(ErrorCode.ofRequest(message, code).toSpecification())));
	}

	/**
	 * In Jackson's defaults, not the host's mapper, whose rules (such as
	 * {@code default-property-inclusion=non_empty}) must not drop the empty
	 * {@code locations} and {@code path} of the specification's errors.
	 */
	static String json(Object body) {
		return JsonMapper.shared().writeValueAsString(body);
	}

}
