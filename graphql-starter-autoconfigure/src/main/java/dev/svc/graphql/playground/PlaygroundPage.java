package dev.svc.graphql.playground;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.MediaTypeFactory;
import org.springframework.util.StreamUtils;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerRequest;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * Serves the page under a Content-Security-Policy of this origin only, without inline or
 * evaluated script; and its assets, cached for a year (their names change with their
 * content) and sent as the build compressed them, whether or not the host compresses.
 */
final class PlaygroundPage {

	private static final String PAGE = "dev/svc/graphql/playground/page/";

	/** Monaco, GraphiQL's editor, sets styles from script; nothing else is inline. */
	static final String CONTENT_SECURITY_POLICY = "default-src 'self'; script-src 'self'; worker-src 'self'; "
			+ "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; "
			+ "base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'";

	private static final Pattern ASSET_NAME = Pattern.compile("[A-Za-z0-9._-]+");

	/** What the build writes beside each script and style sheet, best first. */
	private static final List<String> ENCODINGS = List.of("br", "gzip");

	private static final Map<String, String> SUFFIXES = Map.of("br", ".br", "gzip", ".gz");

	private final String path;

	private final String html;

	PlaygroundPage(String path, String endpointPath) {
		this.path = path;
		String built = read(new ClassPathResource(PAGE + "index.html"));
		this.html = built.replace("./assets/", path + "/assets/")
			.replace("<meta charset=\"utf-8\">",
					"<meta charset=\"utf-8\">\n    <meta name=\"graphql-endpoint\" content=\"" + escape(endpointPath)
							+ "\">");
	}

	RouterFunction<ServerResponse> routes() {
		return RouterFunctions.route()
			.GET(this.path, this::page)
			.GET(this.path + "/assets/{name}", this::asset)
			.build();
	}

	private ServerResponse page(ServerRequest request) {
		return ServerResponse.ok()
			.contentType(MediaType.TEXT_HTML)
			.cacheControl(CacheControl.noCache())
			.header("Content-Security-Policy", CONTENT_SECURITY_POLICY)
			.header("X-Content-Type-Options", "nosniff")
			.body(this.html);
	}

	private ServerResponse asset(ServerRequest request) {
		String name = request.pathVariable("name");
		Resource asset = new ClassPathResource(PAGE + "assets/" + name);
		if (!ASSET_NAME.matcher(name).matches() || !asset.exists()) {
			return ServerResponse.status(HttpStatus.NOT_FOUND).build();
		}
		ServerResponse.BodyBuilder response = ServerResponse.ok()
			.contentType(MediaTypeFactory.getMediaType(name).orElse(MediaType.APPLICATION_OCTET_STREAM))
			.cacheControl(CacheControl.maxAge(Duration.ofDays(365)).cachePublic().immutable())
			.header("X-Content-Type-Options", "nosniff");
		if (!encoded(name, "gzip").exists()) {
			return response.body(asset);
		}
		response.varyBy(HttpHeaders.ACCEPT_ENCODING);
		List<String> accepted = acceptedEncodings(request);
		for (String encoding : ENCODINGS) {
			Resource encoded = encoded(name, encoding);
			if (accepted.contains(encoding) && encoded.exists()) {
				return response.header(HttpHeaders.CONTENT_ENCODING, encoding).body(encoded);
			}
		}
		return response.body(asset);
	}

	private static Resource encoded(String name, String encoding) {
		return new ClassPathResource(PAGE + "assets/" + name + SUFFIXES.get(encoding));
	}

	private static List<String> acceptedEncodings(ServerRequest request) {
		List<String> accepted = new ArrayList<>();
		for (String header : request.headers().header(HttpHeaders.ACCEPT_ENCODING)) {
			for (String coding : header.split(",")) {
				String[] parts = coding.split(";");
				boolean refused = parts.length > 1 && parts[1].replace(" ", "").matches("q=0(\\.0*)?");
				if (!refused) {
					accepted.add(parts[0].trim().toLowerCase(Locale.ROOT));
				}
			}
		}
		return accepted;
	}

	private static String read(Resource resource) {
		try {
			return StreamUtils.copyToString(resource.getInputStream(), StandardCharsets.UTF_8);
		}
		catch (IOException ex) {
			throw new UncheckedIOException("The playground page is not in the module's jar: " + resource
					+ ". It is built from src/main/playground by the Maven build.", ex);
		}
	}

	private static String escape(String text) {
		return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;");
	}

}
