package dev.svc.graphql.web;

import java.util.Map;

import dev.svc.graphql.error.ErrorCode;
import dev.svc.graphql.visibility.VisibleSchema;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.SchemaPrinter;
import reactor.core.publisher.Mono;

import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.graphql.ResponseError;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.util.AlternativeJdkIdGenerator;
import org.springframework.util.IdGenerator;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Spring Boot's schema printer, run as an introspection query through the endpoint's
 * whole pipeline as the caller: whatever refuses that query refuses the printer with the
 * same message, and it prints the schema the query ran against, without hidden fields.
 */
final class SchemaPrinterHandler {

	static final String OPERATION = "PrintSchema";

	static final String DOCUMENT = "query " + OPERATION + " { __schema { queryType { name } } }";

	private final WebGraphQlHandler graphQlHandler;

	private final GraphQlSource graphQlSource;

	private final SchemaPrinter printer = new SchemaPrinter();

	private final IdGenerator ids = new AlternativeJdkIdGenerator();

	SchemaPrinterHandler(WebGraphQlHandler graphQlHandler, GraphQlSource graphQlSource) {
		this.graphQlHandler = graphQlHandler;
		this.graphQlSource = graphQlSource;
	}

	ServerResponse handle(ServerRequest request) {
		WebGraphQlRequest graphQlRequest = new WebGraphQlRequest(request.uri(), request.headers().asHttpHeaders(), null,
				request.remoteAddress().orElse(null), request.attributes(),
				Map.of("query", DOCUMENT, "operationName", OPERATION), this.ids.generateId().toString(),
				LocaleContextHolder.getLocale());
		return ServerResponse.async(Mono.defer(() -> this.graphQlHandler.handleRequest(graphQlRequest))
			.map(this::print)
			.onErrorResume(ErrorCode::isDatabaseUnavailable, (ex) -> Mono.just(EndpointRoutes
				.error(HttpStatus.SERVICE_UNAVAILABLE, "The database cannot be reached; try again later."))));
	}

	private ServerResponse print(WebGraphQlResponse response) {
		if (!response.getErrors().isEmpty()) {
			return ServerResponse.status(status(response))
				.contentType(MediaType.APPLICATION_JSON)
				.body(EndpointRoutes.json(Map.of("errors", response.toMap().get("errors"))));
		}
		VisibleSchema visible = VisibleSchema.of(response.getExecutionInput().getGraphQLContext());
		GraphQLSchema schema = (visible != null) ? visible.schema() : this.graphQlSource.schema();
		return ServerResponse.ok().contentType(MediaType.TEXT_PLAIN).body(this.printer.print(schema));
	}

	private static HttpStatus status(WebGraphQlResponse response) {
		for (ResponseError error : response.getErrors()) {
			Object code = error.getExtensions().get("code");
			if (ErrorCode.SERVICE_UNAVAILABLE.equals(code) || ErrorCode.QUERY_TIMEOUT.equals(code)) {
				return HttpStatus.SERVICE_UNAVAILABLE;
			}
			if (ErrorCode.BAD_REQUEST.equals(code)) {
				return HttpStatus.BAD_REQUEST;
			}
		}
		return HttpStatus.FORBIDDEN;
	}

}
