package dev.svc.graphql.playground;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The playground's page and assets over real HTTP, on a host that keeps Spring Boot's default
 * security (every other path needs a signed-in user).
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
			// Spring Security's firewall refuses an encoded slash before the playground sees it
			assertThat(http.get("/ui/playground/assets/..%2Findex.html").status()).isIn(400, 404);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "graphql.playground-enabled=true",
					"graphql.playground.path=/myplayground", "spring.graphql.schema.locations=classpath:graphql-test/",
					"spring.security.user.password=pw" })
	class OnACustomPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeTheCustomPathOnly() {
			HttpTestClient http = new HttpTestClient(this.port);
			assertThat(http.get("/myplayground").status()).isEqualTo(200);
			assertThat(http.get("/ui/playground", HOST_USER).status()).isEqualTo(404);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"spring.security.user.password=pw" })
	class WhenSwitchedOff {

		@LocalServerPort
		private int port;

		@Test
		void shouldAnswer404() {
			assertThat(new HttpTestClient(this.port).get("/ui/playground", HOST_USER).status()).isEqualTo(404);
		}

	}

}
