package dev.svc.graphql.limits;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.RawHttpClient;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.FieldSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Bodies too large for every path the module serves, sent from outside over raw HTTP: the
 * GraphQL endpoint, the token sign-in's paths and the cookie sign-in's. Each is refused
 * before it is read (413 from a {@code Content-Length} of 95 MB, of which a few bytes are
 * sent), or as soon as a chunked body passes the limit. Huge bodies, many at once, are
 * refused without being read. Slow bodies are {@code RequestPlacesTests}'.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=test-only-signing-key-0123456789abcdef-not-a-secret",
				"graphql.sign-in.cookie.enabled=true" })
class RequestBodyLimitTests {

	private static final long NINETY_FIVE_MEGABYTES = 95L * 1024 * 1024;

	private static final int BROKEN_UPLOAD = -1;

	static final List<String> MODULE_PATHS = List.of("/graphql", "/api/TokenAuth/Authenticate",
			"/api/TokenAuth/RefreshToken", "/api/TokenAuth/SendTwoFactorAuthCode", "/api/TokenAuth/LogOut",
			"/api/TokenAuth/TwoFactor/Authenticator", "/api/TokenAuth/TwoFactor/Authenticator/Enable",
			"/api/TokenAuth/TwoFactor/Disable", "/api/services/app/Account/ResetPassword", "/Account/Login",
			"/Account/Logout", "/Account/ResetPassword");

	static final List<String> PATHS_THAT_READ_BODIES = List.of("/graphql", "/api/TokenAuth/Authenticate",
			"/api/TokenAuth/RefreshToken", "/api/TokenAuth/SendTwoFactorAuthCode",
			"/api/services/app/Account/ResetPassword", "/Account/Login", "/Account/ResetPassword");

	@LocalServerPort
	private int port;

	@ParameterizedTest
	@FieldSource("MODULE_PATHS")
	void shouldRefuseAHugeDeclaredBodyBeforeReadingIt(String path) {
		try (RawHttpClient client = new RawHttpClient(this.port, Duration.ofSeconds(10))) {
			String answer = client
				.head("POST", path, "Content-Type: application/json", "Content-Length: " + NINETY_FIVE_MEGABYTES)
				.write("{\"query\": \"")
				.answer();
			assertThat(answer).startsWith("HTTP/1.1 413").contains("over the limit of");
		}
	}

	@Test
	void shouldAnswerASignInPathsRefusalAsAProblemDocument() {
		try (RawHttpClient client = new RawHttpClient(this.port, Duration.ofSeconds(10))) {
			String answer = client
				.head("POST", "/api/TokenAuth/Authenticate", "Content-Type: application/json",
						"Content-Length: " + NINETY_FIVE_MEGABYTES)
				.answer();
			assertThat(answer).containsIgnoringCase("Content-Type: application/problem+json");
			JsonNode problem = JsonMapper.shared().readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
			// RFC 9457: a problem without a type is of type about:blank, which Spring
			// leaves out
			assertThat(problem.has("type") ? problem.get("type").asString() : "about:blank").isEqualTo("about:blank");
			assertThat(problem.get("title").asString()).isEqualTo("Content Too Large");
			assertThat(problem.get("status").asInt()).isEqualTo(413);
			assertThat(problem.get("detail").asString()).startsWith("The request body's size is ")
				.endsWith(", over the limit of 16384 bytes.");
			assertThat(problem.has("instance")).isFalse();
		}
	}

	@Test
	void shouldAnswerTheEndpointsRefusalAsAGraphQlError() {
		try (RawHttpClient client = new RawHttpClient(this.port, Duration.ofSeconds(10))) {
			String answer = client
				.head("POST", "/graphql", "Content-Type: application/json", "Content-Length: " + NINETY_FIVE_MEGABYTES)
				.answer();
			JsonNode error = JsonMapper.shared()
				.readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4))
				.get("errors")
				.get(0);
			assertThat(error.get("extensions").get("code").asString()).isEqualTo("QUERY_TOO_LARGE");
			assertThat(error.get("message").asString()).contains("(graphql.limits.max-request-size)");
			assertThat(error.get("locations")).isEmpty();
			assertThat(error.get("path")).isEmpty();
		}
	}

	@ParameterizedTest
	@FieldSource("PATHS_THAT_READ_BODIES")
	void shouldRefuseAChunkedBodyAsSoonAsItPassesTheLimit(String path) {
		try (RawHttpClient client = new RawHttpClient(this.port, Duration.ofSeconds(10))) {
			client.head("POST", path, "Content-Type: application/json", "Transfer-Encoding: chunked")
				.chunk("{\"query\": \"");
			// past the GraphQL endpoint's 64 KB and the sign-in paths' 16 KB, and never
			// ended
			for (int i = 0; i < 70; i++) {
				client.chunk("x".repeat(1024));
			}
			long limit = path.equals("/graphql") ? 64 * 1024 : 16 * 1024;
			assertThat(client.answer()).startsWith("HTTP/1.1 413").contains("more than " + limit + " bytes");
		}
	}

	static final List<String> FORM_PATHS = List.of("/Account/Login", "/Account/Logout", "/Account/ResetPassword");

	@ParameterizedTest
	@FieldSource("FORM_PATHS")
	void shouldRefuseAChunkedFormAsSoonAsItPassesTheLimit(String path) {
		try (RawHttpClient client = new RawHttpClient(this.port, Duration.ofSeconds(10))) {
			client.head("POST", path, "Content-Type: application/x-www-form-urlencoded", "Transfer-Encoding: chunked")
				.chunk("password=");
			for (int i = 0; i < 20; i++) {
				client.chunk("x".repeat(1024));
			}
			assertThat(client.answer()).startsWith("HTTP/1.1 413").contains("more than 16384 bytes");
		}
	}

	@ParameterizedTest
	@FieldSource("MODULE_PATHS")
	void shouldRefuseMultipartBodies(String path) {
		try (RawHttpClient client = new RawHttpClient(this.port, Duration.ofSeconds(10))) {
			String answer = client
				.head("POST", path, "Content-Type: multipart/form-data; boundary=XyZ", "Transfer-Encoding: chunked")
				.chunk("--XyZ\r\nContent-Disposition: form-data; name=\"f\"\r\n\r\n")
				.answer();
			assertThat(answer).startsWith("HTTP/1.1 415").contains("no multipart bodies");
		}
	}

	@Test
	void shouldRefuseSixConcurrentHugeBodiesWithoutReadingThem() {
		HttpClient client = HttpClient.newHttpClient();
		long hugeBody = 99L * 1024 * 1024;
		List<CompletableFuture<Integer>> responses = IntStream.range(0, 6)
			.mapToObj((i) -> client
				.sendAsync(HttpRequest.newBuilder(URI.create("http://localhost:" + this.port + "/graphql"))
					.header("Content-Type", "application/json")
					.POST(HttpRequest.BodyPublishers.fromPublisher(new Zeros(hugeBody), hugeBody))
					.build(), HttpResponse.BodyHandlers.discarding())
				.thenApply(HttpResponse::statusCode)
				.exceptionally((failure) -> BROKEN_UPLOAD))
			.toList();
		// the server answers 413 and closes each connection at once; a client may notice
		// that as a broken upload before it reads the 413, but no other answer comes, and
		// the server is fine
		assertThat(responses).allSatisfy((response) -> assertThat(response.join()).isIn(413, BROKEN_UPLOAD));
		assertThat(responses.stream().map(CompletableFuture::join)).contains(413);
		assertThat(new HttpTestClient(this.port).graphQl("/graphql", "{ greeting }").status()).isEqualTo(200);
	}

	/**
	 * A body of zeros made as it is sent, so the test holds none of it in memory either.
	 */
	private static final class Zeros implements Flow.Publisher<ByteBuffer> {

		private final long length;

		Zeros(long length) {
			this.length = length;
		}

		@Override
		public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
			AtomicLong left = new AtomicLong(this.length);
			subscriber.onSubscribe(new Flow.Subscription() {

				@Override
				public void request(long n) {
					for (long i = 0; i < n && left.get() > 0; i++) {
						int size = (int) Math.min(64 * 1024, left.getAndAdd(-64 * 1024));
						if (size <= 0) {
							break;
						}
						subscriber.onNext(ByteBuffer.allocate(size));
					}
					if (left.get() <= 0) {
						subscriber.onComplete();
					}
				}

				@Override
				public void cancel() {
					left.set(0);
				}

			});
		}

	}

}
