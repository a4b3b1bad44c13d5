package dev.svc.graphql.playground;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import dev.svc.graphql.test.TestHostRunner;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.web.server.LocalServerPort;

import static dev.svc.graphql.test.MockMvcRequests.mvc;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The playground's page and assets over real HTTP, on a host that keeps Spring Boot's
 * default security (every other path needs a signed-in user); its switch and path in
 * context runners.
 */
class PlaygroundTests {

	/** HTTP Basic for Spring Boot's default user {@code user} / {@code pw}. */
	private static final String[] HOST_USER = { "Authorization", "Basic dXNlcjpwdw==" };

	private static final Pattern SCRIPT = Pattern.compile("<script type=\"module\" crossorigin src=\"([^\"]+)\"");

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "graphql.playground-enabled=true",
					"spring.graphql.schema.locations=classpath:graphql-test/", "graphql.path=/api/graphql" })
	class OnItsDefaultPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeThePageToAnybodyUnderAStrictContentSecurityPolicy() {
			Response page = new HttpTestClient(this.port).get("/ui/playground");
			assertThat(page.status()).isEqualTo(200);
			assertThat(page.header("Content-Type")).startsWith("text/html");
			assertThat(page.header("Cache-Control")).isEqualTo("no-cache");
			assertThat(page.header("Content-Security-Policy")).contains("default-src 'self'")
				.contains("script-src 'self';")
				.doesNotContain("unsafe-eval");
			assertThat(page.body()).contains("<meta name=\"graphql-endpoint\" content=\"/api/graphql\">")
				.doesNotContain("<script>")
				.doesNotContain("http://")
				.doesNotContain("https://");
		}

		@Test
		void shouldServeItsAssetsForAYear() {
			HttpTestClient http = new HttpTestClient(this.port);
			Matcher script = SCRIPT.matcher(http.get("/ui/playground").body());
			assertThat(script.find()).isTrue();
			assertThat(script.group(1)).startsWith("/ui/playground/assets/index-").endsWith(".js");
			Response asset = http.get(script.group(1));
			assertThat(asset.status()).isEqualTo(200);
			assertThat(asset.header("Content-Type")).startsWith("text/javascript");
			assertThat(asset.header("Cache-Control")).isEqualTo("max-age=31536000, public, immutable");
			assertThat(http.get("/ui/playground/assets/nothing-here.js").status()).isEqualTo(404);
			// Spring Security's firewall refuses an encoded slash before the playground
			// sees it
			assertThat(http.get("/ui/playground/assets/..%2Findex.html").status()).isIn(400, 404);
		}

		@Test
		void shouldSendItsAssetsCompressedAsTheBuildCompressedThemToBrowsersThatAcceptIt() throws Exception {
			Matcher script = SCRIPT.matcher(new HttpTestClient(this.port).get("/ui/playground").body());
			assertThat(script.find()).isTrue();
			HttpResponse<byte[]> plain = getBytes(script.group(1), null);
			HttpResponse<byte[]> brotli = getBytes(script.group(1), "gzip, deflate, br, zstd");
			HttpResponse<byte[]> gzip = getBytes(script.group(1), "gzip;q=1.0, br;q=0");
			assertThat(plain.headers().firstValue("Content-Encoding")).isEmpty();
			assertThat(brotli.headers().firstValue("Content-Encoding")).contains("br");
			assertThat(gzip.headers().firstValue("Content-Encoding")).contains("gzip");
			for (HttpResponse<byte[]> response : List.of(plain, brotli, gzip)) {
				assertThat(response.statusCode()).isEqualTo(200);
				assertThat(response.headers().firstValue("Vary")).contains("Accept-Encoding");
				assertThat(response.headers().firstValue("Content-Type"))
					.hasValueSatisfying((type) -> assertThat(type).startsWith("text/javascript"));
			}
			assertThat(brotli.body().length).isLessThan(gzip.body().length).isLessThan(plain.body().length / 3);
			try (InputStream unzipped = new GZIPInputStream(new ByteArrayInputStream(gzip.body()))) {
				assertThat(unzipped.readAllBytes()).isEqualTo(plain.body());
			}
		}

		private HttpResponse<byte[]> getBytes(String path, @Nullable String acceptEncoding) throws Exception {
			HttpRequest.Builder request = HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + path));
			if (acceptEncoding != null) {
				request.header("Accept-Encoding", acceptEncoding);
			}
			return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
		}

	}

	/**
	 * The switch and the path: a context runner, through the application's filters and
	 * security chains.
	 */
	@Nested
	class Switched {

		private final WebApplicationContextRunner contextRunner = TestHostRunner.web()
			.withPropertyValues("graphql.enabled=true", "spring.security.user.password=pw");

		@Test
		void shouldServeTheCustomPathOnly() {
			this.contextRunner
				.withPropertyValues("graphql.playground-enabled=true", "graphql.playground.path=/myplayground")
				.run((context) -> {
					assertThat(mvc(context).get().uri("/myplayground")).hasStatus(200);
					assertThat(mvc(context).get().uri("/ui/playground").header(HOST_USER[0], HOST_USER[1]))
						.hasStatus(404);
				});
		}

		@Test
		void shouldAnswer404WhenSwitchedOff() {
			this.contextRunner.run(
					(context) -> assertThat(mvc(context).get().uri("/ui/playground").header(HOST_USER[0], HOST_USER[1]))
						.hasStatus(404));
		}

	}

}
