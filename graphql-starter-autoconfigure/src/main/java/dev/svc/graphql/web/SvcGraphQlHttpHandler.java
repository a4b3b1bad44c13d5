package dev.svc.graphql.web;

import java.util.List;
import java.util.Map;

import reactor.core.publisher.Mono;

import org.springframework.graphql.MediaTypes;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Spring's handler with the media-type choice of the GraphQL-over-HTTP specification: a client
 * that states no preference, or accepts anything, gets {@code application/graphql-response+json}
 * and its status codes (4xx for documents that do not parse or validate). Only a client that asks
 * for {@code application/json} gets the legacy always-200 responses.
 */
final class SvcGraphQlHttpHandler extends GraphQlHttpHandler {

	SvcGraphQlHttpHandler(WebGraphQlHandler graphQlHandler) {
		super(graphQlHandler);
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
