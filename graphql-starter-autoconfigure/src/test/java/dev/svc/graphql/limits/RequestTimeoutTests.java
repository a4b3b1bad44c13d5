package dev.svc.graphql.limits;

import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A query that runs past {@code graphql.limits.timeout} is stopped at its next field and
 * says so.
 */
@SpringBootTest(classes = { TestHostApplication.class, RequestTimeoutTests.Slow.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-test/,classpath:graphql-slow/",
				"graphql.limits.timeout=500ms" })
class RequestTimeoutTests {

	private static final AtomicInteger SLOW_CALLS = new AtomicInteger();

	@LocalServerPort
	private int port;

	@Test
	void shouldStopAQueryPastItsTimeAtTheNextField() throws Exception {
		int callsBefore = SLOW_CALLS.get();
		Response response = new HttpTestClient(this.port).graphQl("/graphql", "{ a: slow b: slow c: slow }");
		assertThat(response.status()).isEqualTo(503);
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "The query ran longer than 500 ms and was stopped (graphql.limits.timeout). Ask for less, or try again later.",
						  "locations": [], "path": [], "extensions": {"code": "QUERY_TIMEOUT"}}]}""",
				response.body(), JSONCompareMode.STRICT);
		// the first field outlived the limit; no field after it ran
		assertThat(SLOW_CALLS.get() - callsBefore).isEqualTo(1);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Slow {

		@Bean
		QueryHandler<String> slowHandler() {
			return new QueryHandler<>() {

				@Override
				public String fieldName() {
					return "slow";
				}

				@Override
				public String resolve(QueryContext context) {
					SLOW_CALLS.incrementAndGet();
					try {
						Thread.sleep(800);
					}
					catch (InterruptedException ex) {
						Thread.currentThread().interrupt();
					}
					return "done";
				}

			};
		}

	}

}
