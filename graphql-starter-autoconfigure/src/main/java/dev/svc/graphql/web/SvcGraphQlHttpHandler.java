package dev.svc.graphql.web;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 * Spring's handler with the GraphQL-over-HTTP media-type choice: without a preference a
 * client gets {@code application/graphql-response+json} and its 4xx codes; only one
 * asking for {@code application/json} gets the legacy always-200 answers. A body that is
 * no GraphQL request gets a GraphQL-shaped 4xx, an unreachable database a 503; queries
 * may also come as a GET. Only the hooks Spring lets a subclass change are used; where
 * they are not enough (private media-type choice, POST-only reading) the workaround is
 * the smallest, and docs/decisions.md says what Spring for GraphQL would need.
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
	 * The host's mapper (for its modules and scalars) without its rules for controllers:
	 * an inclusion rule must not drop a failed field's {@code null}, unknown members must
	 * not fail a request, and a naming strategy must not rename {@code operationName} or
	 * {@code documentId}.
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
	 * Runs a GET's query, given as text, by {@code documentId} or by persisted query
	 * hash. A mutation or subscription answers 405 however it came, since a GET must not
	 * change anything; an answer by id or hash may be cached ({@link CacheableGets}).
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
		// the persisted documents' interceptor finds one named by id or hash, as for a
		// POST, answering one the caller may not know of as not found
		boolean named = documentId != null || (extensions != null && extensions.get(PersistedQuery.EXTENSION) != null);
		String query = text.orElseGet(() -> named ? PersistedQuery.MARKER : "");
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
	 * Finds the document as the persisted documents' interceptor will: by
	 * {@code documentId}, else by persisted query (kept parsed, so a known and an unknown
	 * hash take the same time), else the text. An unknown one stays the stand-in, which
	 * the interceptor answers as for a POST, running nothing.
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
			if (ErrorCode.isDatabaseUnavailable(ex)) {
				return prepareResponse(request, Mono.error(ex));
			}
			throw ex;
		}
	}

	/**
	 * Spring's response in this handler's media type (Spring's own choice is private); an
	 * unreachable database becomes a response without data, which
	 * {@link #selectResponseStatus} answers with 503.
	 */
	@Override
	protected ServerResponse prepareResponse(ServerRequest request, Mono<WebGraphQlResponse> responseMono) {
		MediaType contentType = responseMediaType(request);
		return ServerResponse.async(
				responseMono.onErrorResume(ErrorCode::isDatabaseUnavailable, (ex) -> Mono.just(databaseUnavailable(ex)))
					.map((response) -> {
						ServerResponse.BodyBuilder builder = ServerResponse
							.status(selectResponseStatus(response, contentType))
							.headers((headers) -> headers.putAll(response.getResponseHeaders()))
							.contentType(contentType);
						Map<String, Object> resultMap = response.toMap();
						WriteFunction write = getWriteFunction(resultMap, contentType);
						return (write != null) ? builder.build(write) : builder.body(resultMap);
					})
					.toFuture());
	}

	/**
	 * The database went out of reach before any field ran or while the response was made:
	 * the client may try again.
	 */
	private static WebGraphQlResponse databaseUnavailable(Throwable failure) {
		logger.warn("A GraphQL request failed: the database cannot be reached: " + failure.getMessage());
		ExecutionResult result = ExecutionResult.newExecutionResult()
			.addError(ErrorCode.ofRequest("The database cannot be reached; try again later.",
					ErrorCode.SERVICE_UNAVAILABLE))
			.build();
		// no operation ran: an empty execution input
		WebGraphQlResponse response = new WebGraphQlResponse(
				new DefaultExecutionGraphQlResponse(ExecutionInput.newExecutionInput("").build(), result));
		response.getResponseHeaders().set(HttpHeaders.RETRY_AFTER, "5");
		return response;
	}

	/** With the cache headers of {@link CacheableGets}. */
	@Override
	protected @Nullable WriteFunction getWriteFunction(Map<String, Object> resultMap, MediaType contentType) {
		WriteFunction write = super.getWriteFunction(resultMap, contentType);
		return (write != null)
				? this.cacheableGets.writer(write, !resultMap.containsKey("errors"), contentType.toString()) : null;
	}

	/** A response without data because of the database or the time limit answers 503. */
	@Override
	protected HttpStatus selectResponseStatus(WebGraphQlResponse response, MediaType responseMediaType) {
		if (response.getExecutionResult().getData() != null) {
			return super.selectResponseStatus(response, responseMediaType);
		}
		Set<String> codes = new HashSet<>();
		response.getErrors().forEach((error) -> codes.add(String.valueOf(error.getExtensions().get("code"))));
		if (codes.contains(ErrorCode.SERVICE_UNAVAILABLE) || codes.contains(ErrorCode.QUERY_TIMEOUT)) {
			return HttpStatus.SERVICE_UNAVAILABLE;
		}
		return codes.contains(ErrorCode.RATE_LIMITED) ? HttpStatus.TOO_MANY_REQUESTS
				: super.selectResponseStatus(response, responseMediaType);
	}

	/** An {@code Accept} header that does not parse is no preference. */
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
