package dev.svc.graphql.persisted;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.IntStream;

import dev.svc.graphql.test.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;
import org.springframework.data.redis.core.StringRedisTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shared persisted queries in the machine's Redis (127.0.0.1:6379, database 14): a
 * text one instance saved is found by another; whoever sends the texts, Redis holds no
 * more than the budget, today's and yesterday's together.
 */
class RedisPersistedQueriesTests {

	private static final long BUDGET = 4_000;

	private final MutableClock clock = new MutableClock(
			Instant.EPOCH.plus(Duration.ofDays(40_000 + ThreadLocalRandom.current().nextInt(100_000))));

	private final String prefix = UUID.randomUUID().toString();

	private LettuceConnectionFactory connections;

	private StringRedisTemplate redis;

	@BeforeEach
	void connect() {
		RedisStandaloneConfiguration server = new RedisStandaloneConfiguration("127.0.0.1", 6379);
		server.setDatabase(14);
		this.connections = new LettuceConnectionFactory(server);
		this.connections.afterPropertiesSet();
		this.redis = new StringRedisTemplate(this.connections);
	}

	@AfterEach
	void disconnect() {
		this.redis.delete(this.redis.keys("svc:{apq}:*"));
		this.connections.destroy();
	}

	@Test
	void shouldFindATextAnotherInstanceSaved() {
		String text = "{ " + this.prefix + ": __typename }";
		store().save(PersistedQuery.sha256(text), text);

		assertThat(store().find(PersistedQuery.sha256(text))).isEqualTo(text);
		assertThat(store().find(PersistedQuery.sha256("{ other }"))).isNull();
		assertThat(this.redis.getExpire(RedisPersistedQueries.TEXT + PersistedQuery.sha256(text))).isBetween(86_000L,
				86_400L);
	}

	@Test
	void shouldHoldNoMoreThanItsBudgetWhoeverSendsTheTexts() {
		RedisPersistedQueries first = store();
		RedisPersistedQueries second = store();
		List<String> today = texts("today", 40);
		today.forEach(
				(text) -> ((today.indexOf(text) % 2 == 0) ? first : second).save(PersistedQuery.sha256(text), text));
		long savedToday = held(today);
		this.clock.advance(Duration.ofDays(1));
		List<String> tomorrow = texts("tomorrow", 40);
		tomorrow.forEach((text) -> first.save(PersistedQuery.sha256(text), text));

		long weight = PersistedQuery.sharedWeight(today.get(0));
		assertThat(savedToday * weight).isLessThanOrEqualTo(BUDGET / 2).isGreaterThan(BUDGET / 2 - weight);
		assertThat(held(tomorrow)).as("a new day saves again").isEqualTo(savedToday);
		assertThat((held(today) + held(tomorrow)) * weight).isLessThanOrEqualTo(BUDGET);
	}

	@Test
	void shouldCountATextSavedAlreadyOnce() {
		String text = "{ " + this.prefix + ": __typename }";
		store().save(PersistedQuery.sha256(text), text);
		store().save(PersistedQuery.sha256(text), text);

		assertThat(this.redis.opsForValue().get(RedisPersistedQueries.DAY + this.clock.millis() / 86_400_000))
			.isEqualTo(String.valueOf(PersistedQuery.sharedWeight(text)));
		assertThat(this.redis.getExpire(RedisPersistedQueries.DAY + this.clock.millis() / 86_400_000)).isPositive();
	}

	@Test
	void shouldNeverSaveATextOverHalfTheBudget() {
		String text = "{ " + "a".repeat((int) BUDGET / 2) + ": __typename }";
		store().save(PersistedQuery.sha256(text), text);

		assertThat(store().find(PersistedQuery.sha256(text))).isNull();
	}

	private RedisPersistedQueries store() {
		return new RedisPersistedQueries(this.redis, this.clock, BUDGET);
	}

	private List<String> texts(String day, int count) {
		return IntStream.range(0, count)
			.mapToObj((i) -> "{ " + day + i + ": __typename } # " + this.prefix)
			.map((text) -> text.substring(0, 60))
			.toList();
	}

	private long held(List<String> texts) {
		return texts.stream().filter((text) -> store().find(PersistedQuery.sha256(text)) != null).count();
	}

}
