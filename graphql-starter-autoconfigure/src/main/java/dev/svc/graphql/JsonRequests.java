package dev.svc.graphql;

import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * Whether a request sends JSON: the GraphQL endpoint takes it, and the cookie sign-in's
 * pages answer a JSON request with JSON instead of a redirect.
 */
public final class JsonRequests {

	private JsonRequests() {
	}

	/**
	 * Whether a {@code Content-Type} is JSON; an unreadable one is not.
	 * @param contentType the header's value, if any
	 * @return whether it names JSON
	 */
	public static boolean isJson(@Nullable String contentType) {
		try {
			return contentType != null && MediaType.APPLICATION_JSON.includes(MediaType.parseMediaType(contentType));
		}
		catch (InvalidMediaTypeException ex) {
			return false;
		}
	}

	/**
	 * Whether a request's body is JSON.
	 * @param request the request
	 * @return whether its {@code Content-Type} names JSON
	 */
	public static boolean isJson(HttpServletRequest request) {
		return isJson(request.getContentType());
	}

}
