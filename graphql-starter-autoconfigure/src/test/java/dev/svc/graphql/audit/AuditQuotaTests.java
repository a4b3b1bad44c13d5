package dev.svc.graphql.audit;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.svc.graphql.ratelimit.SharedBuckets;
import dev.svc.graphql.test.MutableClock;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

/**
 * The quota of anonymous records, in memory: a summary per address and window, written
 * when a later window opens or at the stop; a table of addresses that stops growing at
 * its bound.
 */
class AuditQuotaTests {

	private final List<AuditRecord> written = new CopyOnWriteArrayList<>();

	private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));

	@Test
	void shouldSumUpEachAddressOnceAWindowWhenTheNextOneOpens() {
		AuditQuota quota = new AuditQuota(this.written::add, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, 2,
				Duration.ofMinutes(1));
		OffsetDateTime window = OffsetDateTime.now(this.clock);
		this.clock.advance(Duration.ofSeconds(30));

		assertThat(admitted(quota, "10.0.0.1", 5)).isEqualTo(2);
		assertThat(admitted(quota, "10.0.0.2", 3)).isEqualTo(2);
		assertThat(admitted(quota, "10.0.0.3", 1)).isEqualTo(1);
		assertThat(this.written).isEmpty();
		assertThat(quota.notRecorded()).isEqualTo(4);

		this.clock.advance(Duration.ofSeconds(30));
		assertThat(admitted(quota, "10.0.0.1", 1)).as("a new window, a new allowance").isEqualTo(1);
		assertThat(this.written).extracting(AuditRecord::clientIpAddress, AuditRecord::parameters)
			.containsExactlyInAnyOrder(tuple("10.0.0.1", "{\"notRecorded\":3,\"window\":\"PT1M\"}"),
					tuple("10.0.0.2", "{\"notRecorded\":1,\"window\":\"PT1M\"}"));
		assertThat(this.written).allSatisfy((summary) -> {
			assertThat(summary.methodName()).isEqualTo("AnonymousQueriesNotRecorded");
			assertThat(summary.executionTime()).isEqualTo(window);
			assertThat(summary.userId()).isNull();
			assertThat(summary.tenantId()).isNull();
		});
	}

	@Test
	void shouldLetEveryInstanceRecordOneAllowanceTogetherAndSumUpWhatEachDidNotRecord() {
		SharedBuckets shared = SharedBuckets.inMemory(this.clock);
		AuditQuota first = new AuditQuota(this.written::add, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, 3,
				Duration.ofMinutes(1), shared);
		AuditQuota second = new AuditQuota(this.written::add, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, 3,
				Duration.ofMinutes(1), shared);
		this.clock.advance(Duration.ofSeconds(10));

		assertThat(admitted(first, "10.0.0.1", 2) + admitted(second, "10.0.0.1", 4)).isEqualTo(3);
		assertThat(first.notRecorded() + second.notRecorded()).isEqualTo(3);

		first.stop();
		second.stop();
		assertThat(this.written).extracting(AuditRecord::parameters)
			.containsExactly("{\"notRecorded\":3,\"window\":\"PT1M\"}");
	}

	@Test
	void shouldSumUpTheOpenWindowWhenStoppedAndRecordEveryQueryAfter() {
		AuditQuota quota = new AuditQuota(this.written::add, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, 2,
				Duration.ofMinutes(1));
		assertThat(admitted(quota, "10.0.0.1", 5)).isEqualTo(2);

		quota.stop();
		assertThat(this.written).extracting(AuditRecord::parameters)
			.containsExactly("{\"notRecorded\":3,\"window\":\"PT1M\"}");
		assertThat(admitted(quota, "10.0.0.1", 5)).isEqualTo(5);
		assertThat(this.written).hasSize(1);
	}

	@Test
	void shouldShareOneAllowanceAmongTheAddressesPastItsBoundAndThoseUnknown() {
		AuditQuota quota = new AuditQuota(this.written::add, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, 1,
				Duration.ofMinutes(1));
		for (int i = 0; i < AuditQuota.MAX_ADDRESSES; i++) {
			assertThat(admitted(quota, "10.0." + (i / 256) + "." + (i % 256), 1)).isEqualTo(1);
		}

		assertThat(admitted(quota, "10.1.0.1", 1)).isEqualTo(1);
		assertThat(admitted(quota, "10.1.0.2", 1)).isZero();
		assertThat(admitted(quota, null, 1)).isZero();
		assertThat(admitted(quota, "10.0.0.0", 1)).as("an address of the table keeps its own").isZero();
		quota.stop();
		assertThat(this.written).extracting(AuditRecord::clientIpAddress, AuditRecord::parameters)
			.containsExactlyInAnyOrder(tuple(null, "{\"notRecorded\":2,\"window\":\"PT1M\"}"),
					tuple("10.0.0.0", "{\"notRecorded\":1,\"window\":\"PT1M\"}"));
	}

	@Test
	void shouldRecordAnonymousQueriesByTheirNumberOnlyWhenTheQuotaIsZero() {
		AuditQuota quota = new AuditQuota(this.written::add, "GraphQL", AuditQuota.ANONYMOUS_QUERIES, 0,
				Duration.ofMinutes(1));
		assertThat(admitted(quota, "10.0.0.1", 3)).isZero();
		quota.stop();
		assertThat(this.written).extracting(AuditRecord::parameters)
			.containsExactly("{\"notRecorded\":3,\"window\":\"PT1M\"}");
	}

	private int admitted(AuditQuota quota, @Nullable String address, int queries) {
		int admitted = 0;
		for (int i = 0; i < queries; i++) {
			if (quota.admit(address, this.clock.instant())) {
				admitted++;
			}
		}
		return admitted;
	}

}
