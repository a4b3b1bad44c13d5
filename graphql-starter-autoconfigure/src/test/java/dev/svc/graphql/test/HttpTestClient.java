package dev.svc.graphql.test;

import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * A browser-like HTTP client for tests against a running app: it keeps cookies between
 * requests (unless told not to), never follows redirects, and sends exactly the headers
 * it is given.
 */
public final class HttpTestClient {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final HttpClient client;

	private final String baseUrl;

	public HttpTestClient(int port) {
		this(port, true);
	}

	/**
	 * A client that keeps cookies between requests or, as a script that floods a server,
	 * keeps none (each request comes as from a new browser, over the same connection).
	 */
	public HttpTestClient(int port, boolean keepsCookies) {
		HttpClient.Builder client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER);
		this.client = (keepsCookies ? client.cookieHandler(new CookieManager()) : client).build();
		this.baseUrl = "http://localhost:" + port;
	}

	/**
	 * Posts a GraphQL query as {@code application/json}.
	 */
	public Response graphQl(String path, String query, String... headers) {
		return post(path, "application/json", json(Map.of("query", query)), headers);
	}

	/**
	 * Signs a user in with the token sign-in and answers the {@code Authorization} header
	 * value that carries its access token.
	 */
	public String bearerToken(String tenancyName, String userNameOrEmailAddress, String password) {
		Response response = post("/api/TokenAuth/Authenticate", "application/json", json(Map.of("tenancyName",
				tenancyName, "userNameOrEmailAddress", userNameOrEmailAddress, "password", password)));
		if (response.status() != 200) {
			throw new IllegalStateException("Token sign-in failed: " + response.status() + " " + response.body());
		}
		return "Bearer " + ((Map<?, ?>) parse(response.body()).get("result")).get("accessToken");
	}

	public Response post(String path, String contentType, String body, String... headers) {
		HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.POST(HttpRequest.BodyPublishers.ofString(body));
		if (contentType != null) {
			request.header("Content-Type", contentType);
		}
		return send(request, headers);
	}

	public Response get(String path, String... headers) {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + path)).GET(), headers);
	}

	public Response request(String method, String path, String... headers) {
		return send(HttpRequest.newBuilder(URI.create(this.baseUrl + path))
			.method(method, HttpRequest.BodyPublishers.noBody()), headers);
	}

	private Response send(HttpRequest.Builder request, String... headers) {
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		try {
			HttpResponse<String> response = this.client.send(request.build(), HttpResponse.BodyHandlers.ofString());
			return new Response(response.statusCode(), response.body(), response);
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	public static String json(Object value) {
		return JSON.writeValueAsString(value);
	}

	public static Map<?, ?> parse(String json) {
		return JSON.readValue(json, Map.class);
	}

	/**
	 * The SHA-256 digest of a text's UTF-8 bytes in lower-case hex, as a client names a
	 * persisted query, computed as a client would, without the module's code.
	 * @param text the text
	 * @return 64 hexadecimal digits
	 */
	public static String sha256(String text) {
		try {
			return HexFormat.of()
				.formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
		}
		catch (NoSuchAlgorithmException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * A response.
	 *
	 * @param status the status code
	 * @param body the body
	 * @param raw the whole response, for its headers
	 */
	public record Response(int status, String body, HttpResponse<String> raw) {

		public String header(String name) {
			return this.raw.headers().firstValue(name).orElse(null);
		}

	}

}
