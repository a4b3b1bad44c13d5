package dev.svc.graphql.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.svc.graphql.error.DatabaseUnavailable;
import dev.svc.graphql.error.ErrorCode;
import dev.svc.graphql.persisted.PersistedDocuments;
import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.persisted.RegisteredDocument;
import dev.svc.graphql.persisted.RegisteredDocuments;
import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.language.Document;
import jakarta.servlet.ServletException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.graphql.MediaTypes;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.util.AlternativeJdkIdGenerator;
import org.springframework.util.IdGenerator;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;
import org.springframework.web.servlet.function.ServerResponse.HeadersBuilder.WriteFunction;

/**
 * Spring's handler with the media-type choice of the GraphQL-over-HTTP specification: a
 * client that states no preference, or accepts anything, gets
 * {@code application/graphql-response+json} and its status codes (4xx for documents that
 * do not parse or validate). Only a client that asks for {@code application/json} gets
 * the legacy always-200 responses. A body that is not a GraphQL request gets a
 * GraphQL-shaped 4xx that says what is accepted, and a request that fails because the
 * database cannot be reached a GraphQL-shaped 503. Queries may also come as a GET, which
 * Spring's handler does not take, as text or named by a persisted query's hash.
 * <p>
 * Spring's handler is changed only through what it lets a subclass change: its
 * {@code prepareResponse} and {@code selectResponseStatus} hooks and the message
 * converter it reads with. Where that is not enough (its private choice of media type,
 * its POST-only reading of the request) the workaround is the smallest one, and
 * docs/decisions.md says what Spring for GraphQL would need instead.
 */
final class SvcGraphQlHttpHandler extends GraphQlHttpHandler {

	private static final Log logger = LogFactory.getLog(SvcGraphQlHttpHandler.class);

	private final WebGraphQlHandler graphQlHandler;

	private final JsonMapper json;

	private final PersistedDocuments persistedDocuments;

	private final RegisteredDocuments registeredDocuments;

	private final CacheableGets cacheableGets;

	private final IdGenerator ids = new AlternativeJdkIdGenerator();

	SvcGraphQlHttpHandler(WebGraphQlHandler graphQlHandler, JsonMapper json, PersistedDocuments persistedDocuments,
			RegisteredDocuments registeredDocuments, CacheableGets cacheableGets) {
		super(graphQlHandler, new GraphQlRequestBodyConverter(new JacksonJsonHttpMessageConverter(json)));
		this.graphQlHandler = graphQlHandler;
		this.json = json;
		this.persistedDocuments = persistedDocuments;
		this.registeredDocuments = registeredDocuments;
		this.cacheableGets = cacheableGets;
	}

	/**
	 * The host's JSON mapper, for its modules and scalars, but writing every member of an
	 * answer and reading past members it does not know: a host's rules for its own
	 * controllers (such as {@code spring.jackson.default-property-inclusion=non_null},
	 * {@code fail-on-unknown-properties} or a naming strategy) must not drop the
	 * {@code null} of a field that failed, which the specification's answers carry, nor
	 * refuse a request for a member a client adds, nor read {@code operationName} or
	 * {@code documentId} by another name.
	 * @param json the host's mapper
	 * @return the mapper the endpoint reads and writes with
	 */
	static JsonMapper withEveryMember(JsonMapper json) {
		return json.rebuild()
			.changeDefaultPropertyInclusion(
					(inclusion) -> JsonInclude.Value.construct(JsonInclude.Include.ALWAYS, JsonInclude.Include.ALWAYS))
			.disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
			.propertyNamingStrategy(PropertyNamingStrategies.LOWER_CAMEL_CASE)
			.build();
	}

	/**
	 * Runs a query sent with GET ({@code query}, {@code operationName}, and
	 * {@code variables} and {@code extensions} as JSON), as the GraphQL-over-HTTP
	 * specification describes it, or the registered document {@code documentId} names, or
	 * the document a persisted query in {@code extensions} names by its hash. Only a
	 * query runs: a mutation or subscription answers 405, since a GET must not change
	 * anything, whether it came as text, by its id or by its hash. The answer to a query
	 * named by its id or hash may be cached ({@link CacheableGets}).
	 * @param request the request
	 * @return the response
	 */
	ServerResponse handleGet(ServerRequest request) {
		Map<String, Object> variables;
		Map<String, Object> extensions;
		try {
			variables = jsonObject(request, "variables");
			extensions = jsonObject(request, "extensions");
		}
		catch (JacksonException | ClassCastException ex) {
			return EndpointRoutes.error(HttpStatus.BAD_REQUEST,
					"The 'variables' and 'extensions' parameters must be JSON objects. " + EndpointRoutes.ACCEPTED);
		}
		String documentId = request.param(RegisteredDocuments.DOCUMENT_ID).filter((id) -> !id.isBlank()).orElse(null);
		Optional<String> text = request.param("query").filter((value) -> !value.isBlank());
		if (text.isPresent() && PersistedQuery.MARKER.equals(text.get().trim())) {
			// the stand-in for a document named by id or hash is the module's to give,
			// never a client's
			return EndpointRoutes.error(HttpStatus.BAD_REQUEST,
					"The 'query' parameter must be a document's text;"
							+ " name a persisted document by 'documentId' or by a persisted query in 'extensions'. "
							+ EndpointRoutes.ACCEPTED);
		}
		// a document named by id or hash is the persisted documents' interceptor's to
		// find, as for a POST: it answers one the caller may not be told of as one not
		// found
		String query = text
			.orElseGet(() -> (documentId != null || hasPersistedQuery(extensions)) ? PersistedQuery.MARKER : "");
		if (query.isBlank()) {
			return EndpointRoutes.error(HttpStatus.BAD_REQUEST,
					"No 'query' parameter, nor 'documentId', nor a persisted query in 'extensions'. "
							+ EndpointRoutes.ACCEPTED);
		}
		String operationName = request.param("operationName").filter((name) -> !name.isBlank()).orElse(null);
		Map<String, Object> body = new LinkedHashMap<>();
		body.put("query", query);
		body.put("operationName", operationName);
		body.put("variables", variables);
		Map<String, Object> allExtensions = DocumentIdRequest.withDocumentId(extensions, documentId);
		body.put("extensions", allExtensions);
		if (!isQuery(query, allExtensions, operationName)) {
			return ServerResponse.status(HttpStatus.METHOD_NOT_ALLOWED)
				.allow(HttpMethod.POST)
				.contentType(MediaType.APPLICATION_JSON)
				.body(EndpointRoutes.body("Only queries run with GET: send mutations and subscriptions with POST."));
		}
		if (text.isEmpty()) {
			this.cacheableGets.namedById(request);
		}
		WebGraphQlRequest graphQlRequest = new WebGraphQlRequest(request.uri(), request.headers().asHttpHeaders(), null,
				request.remoteAddress().orElse(null), request.attributes(), body, this.ids.generateId().toString(),
				LocaleContextHolder.getLocale());
		return prepareResponse(request, Mono.defer(() -> this.graphQlHandler.handleRequest(graphQlRequest)));
	}

	/**
	 * The document of a GET without {@code query} whose extensions name a persisted
	 * query: its text when it is known, so that it is told apart from a mutation as a
	 * text is, and otherwise the stand-in that Spring for GraphQL gives such a POST,
	 * which the persisted queries' interceptor answers as it answers the POST.
	 */
	private static boolean hasPersistedQuery(@Nullable Map<String, Object> extensions) {
		return extensions != null && extensions.get(PersistedQuery.EXTENSION) != null;
	}

	/**
	 * Whether what a GET runs is a query, as far as it is known here, found as the
	 * persisted documents' interceptor will find it: the text of the registered document
	 * the {@code documentId} of its extensions names, else the persisted query they name,
	 * kept parsed (told from a mutation without parsing it again, so that a known hash
	 * and an unknown one take the same time), else its text. A document not known stays
	 * the stand-in, which the interceptor answers as it answers the POST, running
	 * nothing.
	 */
	private boolean isQuery(String query, @Nullable Map<String, Object> extensions, @Nullable String operationName) {
		if (!PersistedQuery.MARKER.equals(query) || extensions == null) {
			return OperationKind.isQuery(query, operationName);
		}
		if (extensions.get(RegisteredDocuments.DOCUMENT_ID) instanceof String documentId) {
			RegisteredDocument registered = this.registeredDocuments.byId(documentId);
			return (registered == null) || OperationKind.isQuery(registered.text(), operationName);
		}
		PersistedQuery persisted = PersistedQuery.of(extensions);
		if (persisted == null) {
			return true;
		}
		Document parsed = this.persistedDocuments.findParsed(persisted.sha256Hash());
		if (parsed != null) {
			return OperationKind.isQuery(parsed, operationName);
		}
		String document = this.persistedDocuments.find(persisted.sha256Hash());
		return (document == null) || OperationKind.isQuery(document, operationName);
	}

	@SuppressWarnings("unchecked")
	private @Nullable Map<String, Object> jsonObject(ServerRequest request, String name) {
		String value = request.param(name).filter((text) -> !text.isBlank()).orElse(null);
		return (value != null) ? (Map<String, Object>) this.json.readValue(value, Map.class) : null;
	}

	@Override
	public ServerResponse handleRequest(ServerRequest request) throws ServletException {
		try {
			return super.handleRequest(request);
		}
		catch (HttpMessageNotReadableException ex) {
			return EndpointRoutes.error(HttpStatus.BAD_REQUEST,
					"The request body is not a valid GraphQL request. " + EndpointRoutes.ACCEPTED);
		}
		catch (HttpMediaTypeNotSupportedException ex) {
			return EndpointRoutes.error(HttpStatus.UNSUPPORTED_MEDIA_TYPE,
					"Content-Type " + ex.getContentType() + " is not supported. " + EndpointRoutes.ACCEPTED);
		}
		catch (ResponseStatusException ex) {
			HttpStatusCode status = ex.getStatusCode();
			String reason = (ex.getReason() != null) ? ex.getReason() + ". " : "";
			return EndpointRoutes.error(status.is4xxClientError() ? status : HttpStatus.BAD_REQUEST,
					reason + EndpointRoutes.ACCEPTED);
		}
		catch (RuntimeException ex) {
			if (DatabaseUnavailable.isCauseOf(ex)) {
				return prepareResponse(request, Mono.error(ex));
			}
			throw ex;
		}
	}

	/**
	 * Spring's response, in the media type this handler chooses. A response that failed
	 * because the database cannot be reached becomes a response of its own, without data,
	 * that {@link #selectResponseStatus} answers with 503.
	 */
	@Override
	protected ServerResponse prepareResponse(ServerRequest request, Mono<WebGraphQlResponse> responseMono) {
		return super.prepareResponse(acceptingOnly(responseMediaType(request), request),
				responseMono.onErrorResume(DatabaseUnavailable::isCauseOf, (ex) -> Mono.just(databaseUnavailable(ex))));
	}

	/**
	 * The request as Spring's handler is to see it. Its choice of media type is private
	 * and takes the first type of the {@code Accept} header that it supports, falling
	 * back to {@code application/json}: a header that names only the type chosen here
	 * makes it take that one.
	 */
	private static ServerRequest acceptingOnly(MediaType mediaType, ServerRequest request) {
		return ServerRequest.from(request).headers((headers) -> headers.setAccept(List.of(mediaType))).build();
	}

	/**
	 * The database went out of reach, before any field ran (for example while the
	 * caller's permissions were read) or while the response was being made: the client
	 * may try again.
	 */
	private static WebGraphQlResponse databaseUnavailable(Throwable failure) {
		logger.warn("A GraphQL request failed: the database cannot be reached: " + failure.getMessage());
		ExecutionResult result = ExecutionResult.newExecutionResult()
			.addError(ErrorCode.ofRequest("The database cannot be reached; try again later.",
					ErrorCode.SERVICE_UNAVAILABLE))
			.build();
		// no operation ran, so the response stands on an empty execution input
		WebGraphQlResponse response = new WebGraphQlResponse(
				new DefaultExecutionGraphQlResponse(ExecutionInput.newExecutionInput("").build(), result));
		response.getResponseHeaders().set(HttpHeaders.RETRY_AFTER, "5");
		return response;
	}

	/**
	 * Spring's writing of the body, with the cache headers of {@link CacheableGets} for
	 * an answer without errors.
	 */
	@Override
	protected @Nullable WriteFunction getWriteFunction(Map<String, Object> resultMap, MediaType contentType) {
		WriteFunction write = super.getWriteFunction(resultMap, contentType);
		return (write != null)
				? this.cacheableGets.writer(write, !resultMap.containsKey("errors"), contentType.toString()) : null;
	}

	/**
	 * Spring's choice, except that a response without data whose failure is the database
	 * being out of reach, or the time limit, answers 503.
	 */
	@Override
	protected HttpStatus selectResponseStatus(WebGraphQlResponse response, MediaType responseMediaType) {
		boolean unavailable = response.getExecutionResult().getData() == null && response.getErrors()
			.stream()
			.anyMatch((error) -> ErrorCode.SERVICE_UNAVAILABLE.equals(error.getExtensions().get("code"))
					|| ErrorCode.QUERY_TIMEOUT.equals(error.getExtensions().get("code")));
		return unavailable ? HttpStatus.SERVICE_UNAVAILABLE : super.selectResponseStatus(response, responseMediaType);
	}

	/**
	 * {@code application/graphql-response+json} unless the client prefers
	 * {@code application/json} to it; an {@code Accept} header that does not parse is no
	 * preference.
	 */
	private static MediaType responseMediaType(ServerRequest request) {
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
