package dev.svc.graphql.limits;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Flow;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

import dev.svc.graphql.test.AttackShapes.Attack;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import graphql.execution.instrumentation.InstrumentationContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationValidationParameters;
import graphql.validation.ValidationError;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shapes of the attacks the limits are for, sent as an attacker would, anonymously: each is
 * refused before graphql-java validates it (validation is where they cost the most: fragment
 * chains grow it with the cube of their length, fan-outs exponentially), so the work is a parse
 * bounded by the token limit and one pass over the document. Huge bodies, many at once, are refused
 * without being read.
 */
@SpringBootTest(classes = { TestHostApplication.class, CheapRefusalTests.CountingValidations.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" })
class CheapRefusalTests {

	private static final AtomicInteger VALIDATIONS = new AtomicInteger();

	private static final int BROKEN_UPLOAD = -1;

	@LocalServerPort
	private int port;

	@ParameterizedTest(name = "{0}")
	@MethodSource("dev.svc.graphql.test.AttackShapes#all")
	void shouldRefuseBeforeValidation(Attack attack) {
		int validationsBefore = VALIDATIONS.get();
		Response response = new HttpTestClient(this.port).graphQl("/graphql", attack.document());
		assertThat(response.status()).as(attack.name()).isEqualTo(400);
		assertThat(response.body()).as(attack.name()).contains("\"code\":\"" + attack.code() + "\"");
		assertThat(VALIDATIONS.get()).as(attack.name() + ": graphql-java's validations").isEqualTo(validationsBefore);
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
		// the server answers 413 and closes each connection at once; a client may notice that as a
		// broken upload before it reads the 413, but no other answer comes, and the server is fine
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

	@TestConfiguration(proxyBeanMethods = false)
	static class CountingValidations {

		@Bean
		SimplePerformantInstrumentation validationCounter() {
			return new SimplePerformantInstrumentation() {

				@Override
				public InstrumentationContext<List<ValidationError>> beginValidation(
						InstrumentationValidationParameters parameters, InstrumentationState state) {
					VALIDATIONS.incrementAndGet();
					return super.beginValidation(parameters, state);
				}

			};
		}

	}

}
