package dev.svc.graphql.web;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.context.UserContextResolver;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.web.context.request.ServletWebRequest;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse.HeadersBuilder.WriteFunction;
import org.springframework.web.util.ContentCachingResponseWrapper;

/**
 * Cache headers for GETs naming their document by id, whose URL is the same for every
 * caller. Only an anonymous caller's successful answer gets the configured
 * {@code Cache-Control}, a {@code Vary} and a strong {@code ETag} of media type and body
 * (a matching {@code If-None-Match} answers 304); its answer with errors gets
 * {@code no-store}. Other answers keep the security chain's {@code no-store}.
 */
final class CacheableGets {

	private static final String ATTRIBUTE = CacheableGets.class.getName() + ".cacheable";

	/**
	 * What an answer depends on besides its URL; the credentials are named so that no
	 * cache hands an anonymous answer to a signed-in caller.
	 */
	private static final String VARY = String.join(", ", HttpHeaders.ACCEPT, UserContextResolver.TENANT_HEADER,
			HttpHeaders.ACCEPT_LANGUAGE, HttpHeaders.AUTHORIZATION, HttpHeaders.COOKIE);

	private final String cacheControl;

	/** A blank {@code cacheControl} leaves every answer as it is. */
	CacheableGets(String cacheControl) {
		this.cacheControl = cacheControl.trim();
	}

	/**
	 * Marks a GET's answer cacheable if the caller is anonymous: read before the query
	 * runs, on the request's thread, where the security chain left the caller.
	 */
	void namedById(ServerRequest request) {
		HttpServletRequest servletRequest = request.servletRequest();
		if (!this.cacheControl.isEmpty() && isAnonymous(servletRequest)) {
			servletRequest.setAttribute(ATTRIBUTE, Boolean.TRUE);
		}
	}

	private static boolean isAnonymous(HttpServletRequest request) {
		return request.getUserPrincipal() == null && request.getHeader(HttpHeaders.AUTHORIZATION) == null
				&& request.getRequestedSessionId() == null && request.getSession(false) == null;
	}

	/**
	 * A marked request's answer with errors gets {@code no-store} whatever the host's
	 * chain sends: a cached {@code PersistedQueryNotFound} would be answered to every
	 * client from then on.
	 */
	WriteFunction writer(WriteFunction write, boolean successful, String mediaType) {
		return (request, response) -> {
			if (request.getAttribute(ATTRIBUTE) == null) {
				return write.write(request, response);
			}
			if (!successful || response.getStatus() != HttpStatus.OK.value()) {
				response.setHeader(HttpHeaders.CACHE_CONTROL, CacheControl.noStore().getHeaderValue());
				return write.write(request, response);
			}
			ContentCachingResponseWrapper body = new ContentCachingResponseWrapper(response);
			write.write(request, body);
			response.setHeader(HttpHeaders.CACHE_CONTROL, this.cacheControl);
			response.addHeader(HttpHeaders.VARY, VARY);
			if (!new ServletWebRequest(request, response)
				.checkNotModified(entityTag(mediaType, body.getContentAsByteArray()))) {
				body.copyBodyToResponse();
			}
			return null;
		};
	}

	private static String entityTag(String mediaType, byte[] body) {
		byte[] digest = Sha256.digest(mediaType.getBytes(StandardCharsets.UTF_8), new byte[1], body);
		return "\"" + Base64.getUrlEncoder().withoutPadding().encodeToString(digest) + "\"";
	}

}
