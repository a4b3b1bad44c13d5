package dev.svc.graphql.signin.twofactor;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.svc.graphql.ratelimit.SharedBuckets;
import dev.svc.graphql.test.MutableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances that both find no code sent in the cooldown send one code between them;
 * the codes sent tell the wait.
 */
class CodeSendLimitTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));

	private final SharedBuckets shared = SharedBuckets.inMemory(this.clock);

	@Test
	void shouldLetOneOfTwoInstancesSendInTheSameInstant() {
		CodeSendLimit first = new CodeSendLimit(this.shared, Duration.ofSeconds(30), 5);
		CodeSendLimit second = new CodeSendLimit(this.shared, Duration.ofSeconds(30), 5);

		assertThat(first.take(7)).isNull();
		assertThat(second.take(7)).isEqualTo(Duration.ofSeconds(30));
		assertThat(second.take(8)).as("another user").isNull();

		this.clock.advance(Duration.ofSeconds(30));
		assertThat(second.take(7)).isNull();
	}

	@Test
	void shouldTellTheWaitFromTheCodesSent() {
		CodeSendLimit limit = new CodeSendLimit(this.shared, Duration.ofSeconds(30), 2);
		Instant now = this.clock.instant();

		assertThat(limit.waitAfter(List.of(), now)).isNull();
		assertThat(limit.waitAfter(List.of(now.minusSeconds(10)), now)).isEqualTo(Duration.ofSeconds(20));
		assertThat(limit.waitAfter(List.of(now.minusSeconds(600), now.minusSeconds(60)), now))
			.as("until the older of the hour's two leaves it")
			.isEqualTo(Duration.ofSeconds(3000));
	}

}
