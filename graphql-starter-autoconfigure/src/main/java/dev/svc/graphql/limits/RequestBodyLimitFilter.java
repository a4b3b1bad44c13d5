package dev.svc.graphql.limits;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.error.ErrorCode;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.util.unit.DataSize;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Bounds the size of a request body: one over the size limit is refused with 413 before
 * it is read (at once when its {@code Content-Length} says so, else once reading passes
 * the limit). How fast a body must come is the module's first filter's to check, for
 * every path (docs/security.md#slow-clients). The module puts one in front of each of its
 * paths; a host can put one in front of its own with
 * {@link #registration(String, DataSize, String...)}. A refusal is an
 * {@code application/problem+json} document naming the limit, the value found and the one
 * allowed; the GraphQL endpoint's are GraphQL errors instead.
 */
public final class RequestBodyLimitFilter extends OncePerRequestFilter {

	private final long maxBytes;

	// writes a ProblemDetail as RFC 9457 says
	private static final JacksonJsonHttpMessageConverter JSON = new JacksonJsonHttpMessageConverter();

	// the GraphQL endpoint's clients expect GraphQL errors that name the properties
	private final boolean graphQl;

	/**
	 * Creates a filter that refuses with a problem document.
	 * @param maxSize the largest body let through
	 */
	public RequestBodyLimitFilter(DataSize maxSize) {
		this(maxSize, false);
	}

	private RequestBodyLimitFilter(DataSize maxSize, boolean graphQl) {
		this.maxBytes = maxSize.toBytes();
		this.graphQl = graphQl;
	}

	static RequestBodyLimitFilter forGraphQl(DataSize maxSize) {
		return new RequestBodyLimitFilter(maxSize, true);
	}

	/**
	 * Registers a filter in front of some paths, ahead of every other filter.
	 * @param name the filter's name, unique among the application's filters
	 * @param maxSize the largest body let through
	 * @param urlPatterns the servlet URL patterns of the paths, such as {@code /api/*}
	 * @return the registration, to declare as a bean
	 */
	public static FilterRegistrationBean<RequestBodyLimitFilter> registration(String name, DataSize maxSize,
			String... urlPatterns) {
		return registration(name, new RequestBodyLimitFilter(maxSize), urlPatterns);
	}

	static FilterRegistrationBean<RequestBodyLimitFilter> registration(String name, RequestBodyLimitFilter filter,
			String... urlPatterns) {
		FilterRegistrationBean<RequestBodyLimitFilter> registration = new FilterRegistrationBean<>(filter);
		registration.setName(name);
		registration.addUrlPatterns(urlPatterns);
		registration.setOrder(PipelineOrder.REQUEST_BODY_LIMIT_FILTER);
		return registration;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (request.getContentLengthLong() > this.maxBytes) {
			refuseSize(request, response, request.getContentLengthLong() + " bytes");
			return;
		}
		if (hasContentType(request, "multipart/")) {
			// Tomcat reads multipart bodies itself, past any wrapper: none comes through
			refuse(request, response, HttpStatus.UNSUPPORTED_MEDIA_TYPE, ErrorCode.BAD_REQUEST,
					"This path takes no multipart bodies: send JSON or a form.");
			return;
		}
		LimitedRequest limited = new LimitedRequest(request, response);
		try {
			chain.doFilter(limited, response);
		}
		catch (ServletException | IOException | RuntimeException ex) {
			// the body reader's failure, after the refusal was sent
			if (!limited.refused) {
				throw ex;
			}
		}
	}

	private static Charset charset(@Nullable String encoding) {
		try {
			return (encoding != null) ? Charset.forName(encoding) : StandardCharsets.UTF_8;
		}
		catch (IllegalArgumentException ex) {
			return StandardCharsets.UTF_8;
		}
	}

	private static boolean hasContentType(HttpServletRequest request, String prefix) {
		String contentType = request.getContentType();
		return contentType != null && contentType.toLowerCase(Locale.ROOT).startsWith(prefix);
	}

	private void refuseSize(HttpServletRequest request, HttpServletResponse response, String found) throws IOException {
		refuse(request, response, HttpStatus.CONTENT_TOO_LARGE, ErrorCode.QUERY_TOO_LARGE,
				"The request body's size is " + found + ", over the limit of " + this.maxBytes + " bytes"
						+ setting("graphql.limits.max-request-size") + ".");
	}

	private String setting(String property) {
		return this.graphQl ? " (" + property + ")" : "";
	}

	private void refuse(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String code,
			String message) throws IOException {
		refuse(request, response, status, code, message, this.graphQl, null);
	}

	// sent at once with its length, closing the connection: the rest of the body is never
	// read, and whatever the reader answers is cut off (Tomcat sends no more than the
	// length)
	static void refuse(HttpServletRequest request, HttpServletResponse response, HttpStatus status, String code,
			String message, boolean graphQl, @Nullable String retryAfterSeconds) throws IOException {
		if (response.isCommitted()) {
			return;
		}
		request.setAttribute(RefusedBodyValve.REFUSED, Boolean.TRUE);
		response.reset();
		response.setStatus(status.value());
		response.setHeader(HttpHeaders.CONNECTION, "close");
		if (retryAfterSeconds != null) {
			response.setHeader(HttpHeaders.RETRY_AFTER, retryAfterSeconds);
		}
		response.setContentType(graphQl ? MediaType.APPLICATION_JSON_VALUE : MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		Object body = graphQl ? Map.of("errors", List.of(ErrorCode.ofRequest(message, code).toSpecification()))
				: ProblemDetail.forStatusAndDetail(status, message);
		byte[] bytes = JSON.getMapper().writeValueAsBytes(body);
		response.setContentLength(bytes.length);
		response.getOutputStream().write(bytes);
		response.flushBuffer();
	}

	// a form body's parameters are read here, through the limits (Tomcat would read the
	// body itself, past them), then merged with the query string's
	private final class LimitedRequest extends HttpServletRequestWrapper {

		private final HttpServletResponse response;

		private boolean refused;

		private @Nullable ServletInputStream stream;

		private @Nullable Map<String, String[]> parameters;

		LimitedRequest(HttpServletRequest request, HttpServletResponse response) {
			super(request);
			this.response = response;
		}

		@Override
		public @Nullable String getParameter(String name) {
			String[] values = getParameterMap().get(name);
			return (values != null && values.length > 0) ? values[0] : null;
		}

		@Override
		public Map<String, String[]> getParameterMap() {
			if (this.parameters == null) {
				this.parameters = hasContentType(this, MediaType.APPLICATION_FORM_URLENCODED_VALUE) ? formParameters()
						: super.getParameterMap();
			}
			return this.parameters;
		}

		@Override
		public Enumeration<String> getParameterNames() {
			return Collections.enumeration(getParameterMap().keySet());
		}

		@Override
		public String @Nullable [] getParameterValues(String name) {
			return getParameterMap().get(name);
		}

		// the body first, through the limits: its stream used, Tomcat parses the query
		// only
		private Map<String, String[]> formParameters() {
			byte[] body;
			try {
				body = getInputStream().readAllBytes();
			}
			catch (IOException ex) {
				body = new byte[0];
			}
			Map<String, List<String>> merged = new LinkedHashMap<>();
			super.getParameterMap().forEach(
					(name, values) -> merged.computeIfAbsent(name, (key) -> new ArrayList<>()).addAll(List.of(values)));
			Charset charset = charset(getCharacterEncoding());
			for (String pair : new String(body, charset).split("&")) {
				int equals = pair.indexOf('=');
				try {
					String name = URLDecoder.decode((equals < 0) ? pair : pair.substring(0, equals), charset);
					String value = (equals < 0) ? "" : URLDecoder.decode(pair.substring(equals + 1), charset);
					if (!name.isEmpty()) {
						merged.computeIfAbsent(name, (key) -> new ArrayList<>()).add(value);
					}
				}
				catch (IllegalArgumentException ex) {
					// a malformed escape: the pair is left out, as Tomcat leaves it out
				}
			}
			Map<String, String[]> parameters = new LinkedHashMap<>();
			merged.forEach((name, values) -> parameters.put(name, values.toArray(String[]::new)));
			return Collections.unmodifiableMap(parameters);
		}

		@Override
		public ServletInputStream getInputStream() throws IOException {
			if (this.stream == null) {
				this.stream = new LimitedStream(super.getInputStream());
			}
			return this.stream;
		}

		private final class LimitedStream extends ReadThroughBody {

			private long read;

			LimitedStream(ServletInputStream body) {
				super(body);
			}

			@Override
			public int read() throws IOException {
				int next = this.body.read();
				count((next >= 0) ? 1 : 0);
				return next;
			}

			@Override
			public int read(byte[] buffer, int offset, int length) throws IOException {
				int count = this.body.read(buffer, offset, length);
				count(Math.max(count, 0));
				return count;
			}

			private void count(int bytes) throws IOException {
				this.read += bytes;
				if (this.read > RequestBodyLimitFilter.this.maxBytes) {
					LimitedRequest.this.refused = true;
					refuseSize(LimitedRequest.this, LimitedRequest.this.response,
							"more than " + RequestBodyLimitFilter.this.maxBytes + " bytes");
					throw new IOException(
							"The request body is larger than " + RequestBodyLimitFilter.this.maxBytes + " bytes");
				}
			}

		}

	}

}
