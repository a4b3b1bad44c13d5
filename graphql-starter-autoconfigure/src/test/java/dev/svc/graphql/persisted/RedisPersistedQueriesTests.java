package dev.svc.graphql.persisted;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.StallingProxy;
import dev.svc.graphql.test.TestServers;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared persisted queries in a real Redis (TestServers, database 14): a text one
 * instance saved is found by another; whoever sends the texts, Redis holds no more than
 * the budget, today's and yesterday's together, and one account no more than its share of
 * the day's; a Redis that stops answering holds one request no longer than the module's
 * wait, and the next none.
 */
class RedisPersistedQueriesTests {

	private static final long BUDGET = 64_000;

	private final MutableClock clock = new MutableClock(
			Instant.EPOCH.plus(Duration.ofDays(40_000 + ThreadLocalRandom.current().nextInt(100_000))));

	private final String prefix = UUID.randomUUID().toString();

	private final List<RedisPersistedQueries> stores = new ArrayList<>();

	private RedisClient client;

	private StatefulRedisConnection<String, String> connection;

	private RedisCommands<String, String> redis;

	@BeforeEach
	void connect() {
		this.client = RedisClient
			.create(RedisURI.create("redis://" + TestServers.redisHost() + ":" + TestServers.redisPort() + "/14"));
		this.connection = this.client.connect();
		this.redis = this.connection.sync();
	}

	@AfterEach
	void disconnect() {
		List<String> keys = this.redis.keys("svc:{apq}:*");
		if (!keys.isEmpty()) {
			this.redis.del(keys.toArray(String[]::new));
		}
		this.stores.forEach(RedisPersistedQueries::close);
		this.connection.close();
		this.client.shutdown();
	}

	@Test
	void shouldFindATextAnotherInstanceSaved() {
		String text = "{ " + this.prefix + ": __typename }";
		store().save(PersistedQuery.sha256(text), text, "1/2");

		assertThat(store().find(PersistedQuery.sha256(text))).isEqualTo(text);
		assertThat(store().find(PersistedQuery.sha256("{ other }"))).isNull();
		assertThat(this.redis.ttl(RedisPersistedQueries.TEXT + PersistedQuery.sha256(text))).isBetween(86_000L,
				86_400L);
	}

	@Test
	void shouldHoldNoMoreThanItsBudgetWhoeverSendsTheTexts() {
		RedisPersistedQueries first = store();
		RedisPersistedQueries second = store();
		List<String> today = texts("today", 200);
		today.forEach((text) -> ((today.indexOf(text) % 2 == 0) ? first : second).save(PersistedQuery.sha256(text),
				text, "1/" + today.indexOf(text)));
		long savedToday = held(today);
		this.clock.advance(Duration.ofDays(1));
		List<String> tomorrow = texts("tomorrow", 200);
		tomorrow.forEach((text) -> first.save(PersistedQuery.sha256(text), text, "1/" + tomorrow.indexOf(text)));

		long weight = PersistedQuery.sharedWeight(today.get(0));
		assertThat(savedToday * weight).isLessThanOrEqualTo(BUDGET / 2).isGreaterThan(BUDGET / 2 - weight);
		assertThat(held(tomorrow)).as("a new day saves again").isEqualTo(savedToday);
		assertThat((held(today) + held(tomorrow)) * weight).isLessThanOrEqualTo(BUDGET);
	}

	@Test
	void shouldHoldEachAccountToItsShareOfTheDay() {
		RedisPersistedQueries store = store();
		List<String> texts = texts("oneday", 200);
		texts.forEach((text) -> store.save(PersistedQuery.sha256(text), text, "1/3"));
		String others = "{ others: __typename } # " + this.prefix;
		store.save(PersistedQuery.sha256(others), others, "1/4");

		long weight = PersistedQuery.sharedWeight(texts.get(0));
		long share = PersistedQuery.accountShare(BUDGET / 2);
		assertThat(held(texts) * weight).as("one account's texts")
			.isLessThanOrEqualTo(share)
			.isGreaterThan(share - weight);
		assertThat(store.find(PersistedQuery.sha256(others))).as("another's, the same day").isEqualTo(others);
	}

	@Test
	void shouldCountATextSavedAlreadyOnce() {
		String text = "{ " + this.prefix + ": __typename }";
		store().save(PersistedQuery.sha256(text), text, "1/2");
		store().save(PersistedQuery.sha256(text), text, "1/3");

		assertThat(this.redis.get(RedisPersistedQueries.DAY + this.clock.millis() / 86_400_000))
			.isEqualTo(String.valueOf(PersistedQuery.sharedWeight(text)));
		assertThat(this.redis.ttl(RedisPersistedQueries.DAY + this.clock.millis() / 86_400_000)).isPositive();
	}

	@Test
	void shouldNeverSaveATextOverAnAccountsShare() {
		String text = "{ " + "a".repeat((int) PersistedQuery.accountShare(BUDGET / 2)) + ": __typename }";
		store().save(PersistedQuery.sha256(text), text, "1/2");

		assertThat(store().find(PersistedQuery.sha256(text))).isNull();
	}

	@Test
	@Timeout(30)
	void shouldCountATextAsNotSharedWhenRedisStopsAnsweringWithinTheModulesWait() throws Exception {
		String text = "{ " + this.prefix + ": __typename }";
		try (StallingProxy network = new StallingProxy(TestServers.redisPort())) {
			// a wait a busy machine's first round trips fit in, far below Lettuce's 60 s
			new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(DataRedisAutoConfiguration.class,
						PersistedQueriesAutoConfiguration.class))
				.withPropertyValues("graphql.enabled=true", "spring.data.redis.host=127.0.0.1",
						"spring.data.redis.port=" + network.port(), "spring.data.redis.database=14",
						"spring.data.redis.timeout=5s")
				.run((context) -> {
					SharedPersistedQueries shared = context.getBean(SharedPersistedQueries.class);
					shared.save(PersistedQuery.sha256(text), text, "1/2");
					assertThat(shared.find(PersistedQuery.sha256(text))).isEqualTo(text);

					network.stall();
					// Lettuce alone would wait 60 s
					assertThat(shared.find(PersistedQuery.sha256(text))).isNull();
					long sent = network.dropped();
					// then Redis is left alone: nothing more is sent, nothing waits
					for (int i = 0; i < 10; i++) {
						assertThat(shared.find(PersistedQuery.sha256(text))).isNull();
						shared.save(PersistedQuery.sha256("{ other" + i + " }"), "{ other" + i + " }", "1/2");
					}
					assertThat(network.dropped()).isEqualTo(sent);
				});
		}
	}

	private RedisPersistedQueries store() {
		RedisPersistedQueries store = new RedisPersistedQueries(this.client.connect(), this.clock, BUDGET);
		this.stores.add(store);
		return store;
	}

	private List<String> texts(String day, int count) {
		return IntStream.range(0, count)
			.mapToObj((i) -> "{ " + day + i + ": __typename } # " + this.prefix)
			.map((text) -> text.substring(0, 60))
			.toList();
	}

	private long held(List<String> texts) {
		RedisPersistedQueries store = store();
		return texts.stream().filter((text) -> store.find(PersistedQuery.sha256(text)) != null).count();
	}

}
