package dev.svc.graphql.web;

import java.util.List;
import java.util.Map;

import jakarta.servlet.ServletException;
import reactor.core.publisher.Mono;

import org.springframework.graphql.MediaTypes;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Spring's handler with the media-type choice of the GraphQL-over-HTTP specification: a client
 * that states no preference, or accepts anything, gets {@code application/graphql-response+json}
 * and its status codes (4xx for documents that do not parse or validate). Only a client that asks
 * for {@code application/json} gets the legacy always-200 responses. A body that is not a GraphQL
 * request gets a GraphQL-shaped 4xx that says what is accepted.
 */
final class SvcGraphQlHttpHandler extends GraphQlHttpHandler {

	SvcGraphQlHttpHandler(WebGraphQlHandler graphQlHandler) {
		super(graphQlHandler);
	}

	@Override
	public ServerResponse handleRequest(ServerRequest request) throws ServletException {
		try {
			return super.handleRequest(request);
		}
		catch (HttpMessageNotReadableException ex) {
			return BadRequestResponses.error(HttpStatus.BAD_REQUEST,
					"The request body is not a valid GraphQL request. " + BadRequestResponses.ACCEPTED);
		}
		catch (HttpMediaTypeNotSupportedException ex) {
			return BadRequestResponses.error(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
					"Content-Type " + ex.getContentType() + " is not supported. " + BadRequestResponses.ACCEPTED);
		}
		catch (ResponseStatusException ex) {
			HttpStatusCode status = ex.getStatusCode();
			String reason = (ex.getReason() != null) ? ex.getReason() + ". " : "";
			return BadRequestResponses.error(status.is4xxClientError() ? status : HttpStatus.BAD_REQUEST,
					reason + BadRequestResponses.ACCEPTED);
		}
	}

	@Override
	protected ServerResponse prepareResponse(ServerRequest request, Mono<WebGraphQlResponse> responseMono) {
		MediaType mediaType = responseMediaType(request);
		return ServerResponse.async(responseMono.map((response) -> {
			ServerResponse.BodyBuilder builder = ServerResponse.status(selectResponseStatus(response, mediaType))
				.headers((headers) -> headers.putAll(response.getResponseHeaders()))
				.contentType(mediaType);
			Map<String, Object> body = response.toMap();
			ServerResponse.HeadersBuilder.WriteFunction write = getWriteFunction(body, mediaType);
			return (write != null) ? builder.build(write) : builder.body(body);
		}).toFuture());
	}

	static MediaType responseMediaType(ServerRequest request) {
		List<MediaType> accepted;
		try {
			accepted = request.headers().accept();
		}
		catch (InvalidMediaTypeException ex) {
			return MediaTypes.APPLICATION_GRAPHQL_RESPONSE;
		}
		for (MediaType type : accepted) {
			if (type.isCompatibleWith(MediaTypes.APPLICATION_GRAPHQL_RESPONSE)) {
				return MediaTypes.APPLICATION_GRAPHQL_RESPONSE;
			}
			if (type.equalsTypeAndSubtype(MediaType.APPLICATION_JSON)) {
				return MediaType.APPLICATION_JSON;
			}
		}
		return MediaTypes.APPLICATION_GRAPHQL_RESPONSE;
	}

}
