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
 * The endpoint's routes beside Spring Boot's: queries with GET, and answers to the
 * requests the endpoint cannot take (wrong method, not JSON, unreadable body) as
 * GraphQL-shaped errors that say what the endpoint accepts, instead of an empty status.
 */
final class EndpointRoutes {

	static final String ACCEPTED = "Send a POST with Content-Type application/json and a JSON object body: "
			+ "{\"query\": \"...\", \"variables\": {...}, \"operationName\": \"...\"} where only query is required, "
			+ "or a query as a GET with the same members as parameters.";

	private EndpointRoutes() {
	}

	/**
	 * Routes for the requests on the endpoint's path that Spring Boot's GraphQL route
	 * does not take: a GET with a query, when the module's handler serves the endpoint,
	 * and GraphQL-shaped refusals of everything else; and Spring Boot's schema printer,
	 * as each caller sees the schema.
	 * @param path the endpoint's path
	 * @param handler the module's handler, {@code null} when the host replaced it
	 * @param printer the schema printer, {@code null} when Spring Boot's is off
	 * @return the routes
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

	/**
	 * Spring's predicate throws on a content type it cannot parse, which is a request it
	 * does not take.
	 */
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

	/**
	 * A GraphQL-shaped body of one error for the whole request, its members in the usual
	 * order.
	 */
	static String body(String message, String code) {
		return json(Map.of("errors", List.of(ErrorCode.ofRequest(message, code).toSpecification())));
	}

	/**
	 * A body of the endpoint's own, as JSON text in Jackson's defaults: Spring MVC would
	 * write it with the host's mapper, whose rules for the host's controllers (such as
	 * {@code default-property-inclusion=non_empty}) must not drop the empty
	 * {@code locations} and {@code path} the specification's errors carry.
	 */
	static String json(Object body) {
		return JsonMapper.shared().writeValueAsString(body);
	}

}
