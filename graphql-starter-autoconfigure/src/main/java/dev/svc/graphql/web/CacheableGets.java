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
 * The cache headers of the GETs that name their document by id instead of sending its
 * text: their URL is short and the same for every caller, so a browser, a proxy or a CDN
 * may keep the answer. Only an anonymous caller's successful answer gets them: the
 * configured {@code Cache-Control}, a {@code Vary} on every request header the answer
 * depends on, and a strong {@code ETag} worked out from the answer's media type and body,
 * so that a matching {@code If-None-Match} answers {@code 304} without a body; its answer
 * with errors gets {@code no-store}. Every other answer (a signed-in caller's, a text's,
 * a POST's) keeps the headers it had, which the endpoint's security chain sets to
 * {@code no-store}.
 */
final class CacheableGets {

	private static final String ATTRIBUTE = CacheableGets.class.getName() + ".cacheable";

	/**
	 * What an answer depends on besides its URL: the media type, the tenant of an
	 * anonymous call, the language handlers are given, and the credentials that would
	 * make it another caller's (never sent with a cacheable answer, named so that no
	 * cache hands it to a signed-in caller).
	 */
	private static final String VARY = String.join(", ", HttpHeaders.ACCEPT, UserContextResolver.TENANT_HEADER,
			HttpHeaders.ACCEPT_LANGUAGE, HttpHeaders.AUTHORIZATION, HttpHeaders.COOKIE);

	private final String cacheControl;

	/**
	 * Creates the rule with the given header.
	 * @param cacheControl the {@code Cache-Control} of a cacheable answer; blank for
	 * none, which leaves every answer as it is
	 */
	CacheableGets(String cacheControl) {
		this.cacheControl = cacheControl.trim();
	}

	/**
	 * Marks a GET that names its document by id as one whose answer may be cached, when
	 * the caller is anonymous: no principal, no credentials sent, no session. Read before
	 * the query runs, on the request's thread, where the security chain has left who
	 * calls.
	 * @param request a GET that names its document by id
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
	 * Writes an answer, with the cache headers when its request was
	 * {@linkplain #namedById marked} and it is a success. A marked request's answer with
	 * errors is one no cache may keep, whatever the host's security chain sends: a cache
	 * that kept {@code PersistedQueryNotFound} would answer it to every client from then
	 * on, and the clients would never get past it.
	 * @param write how the answer's body is written
	 * @param successful whether the answer has no errors
	 * @param mediaType the answer's media type, part of its entity tag
	 * @return how to write the answer
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
