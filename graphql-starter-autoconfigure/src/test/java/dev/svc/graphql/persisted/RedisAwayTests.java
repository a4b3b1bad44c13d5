package dev.svc.graphql.persisted;

import java.io.IOException;
import java.util.UUID;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.StallingProxy;
import dev.svc.graphql.test.TestHostApplication;
import dev.svc.graphql.test.TestServers;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * From outside, over HTTP, while the host's Redis (the machine's, through a proxy that
 * stops passing bytes) does not answer: anonymous hash-only requests with hashes nobody
 * sent, and plain queries, are answered as the specification says, and after the first
 * wait nothing more is sent to Redis, so nothing waits and nothing piles up.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"spring.data.redis.host=127.0.0.1", "spring.data.redis.database=14", "graphql.shared-store=redis",
				"spring.data.redis.timeout=2s" })
class RedisAwayTests {

	private static final StallingProxy network = new StallingProxy(TestServers.redisPort());

	@LocalServerPort
	private int port;

	@DynamicPropertySource
	static void redis(DynamicPropertyRegistry registry) {
		registry.add("spring.data.redis.port", network::port);
	}

	@AfterAll
	static void close() throws IOException {
		network.close();
	}

	@Test
	@Timeout(60)
	void shouldAnswerAsTheSpecificationSaysAndSendRedisNothingMoreAfterTheFirstWait() {
		HttpTestClient client = new HttpTestClient(this.port);
		assertThat(notFound(client)).as("Redis answering").isTrue();

		network.stall();
		assertThat(notFound(client)).as("the first wait").isTrue();
		long sent = network.dropped();
		for (int i = 0; i < 20; i++) {
			assertThat(notFound(client)).isTrue();
			Response query = client.graphQl("/graphql", "{ greeting }");
			assertThat(query.status()).isEqualTo(200);
			assertThat(query.body()).contains("\"greeting\"").doesNotContain("errors");
		}
		assertThat(network.dropped()).isEqualTo(sent);
	}

	// a hash nobody sent, alone: the client is told to send the text
	private static boolean notFound(HttpTestClient client) {
		String hash = PersistedQuery.sha256("{ greeting } # " + UUID.randomUUID());
		Response response = client.post("/graphql", "application/json",
				"{\"extensions\": {\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + hash + "\"}}}");
		return response.status() == 400 && response.body()
			.equals("{\"errors\":[{\"message\":\"PersistedQueryNotFound\",\"locations\":[],\"path\":[],"
					+ "\"extensions\":{\"code\":\"PERSISTED_QUERY_NOT_FOUND\"}}]}");
	}

}
