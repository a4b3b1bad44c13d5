package dev.svc.graphql.audit;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CyclicBarrier;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostRunner;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The retention purge on the real database, with a clock the tests move: records older
 * than the retention go, newer ones stay; it deletes a thousand records a statement; two
 * instances purging at once delete each record once; it purges at start, on a thread of
 * its own, and its stop waits for that purge.
 */
@OnEveryDatabase
class AuditLogPurgeTests {

	private static final Duration RETENTION = Duration.ofDays(90);

	private final ApplicationContextRunner contextRunner = TestHostRunner.withDatabase();

	private DataSource dataSource;

	private JdbcTemplate jdbc;

	private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));

	/**
	 * Runs a test on a new, migrated database with an empty log.
	 */
	private void onTheDatabase(Executable test) {
		this.contextRunner.run((context) -> {
			this.dataSource = context.getBean(DataSource.class);
			this.jdbc = new JdbcTemplate(this.dataSource);
			test.execute();
		});
	}

	@Test
	void shouldDeleteRecordsOlderThanTheRetentionAndKeepNewerOnes() {
		onTheDatabase(() -> {
			insert("older", 1, ago(RETENTION.plusDays(1)));
			insert("as old", 1, ago(RETENTION));
			insert("newer", 1, ago(RETENTION.minusDays(1)));
			insert("new", 1, ago(Duration.ZERO));
			AuditLogPurge purge = purge(this.jdbc);

			assertThat(purge.purge()).isEqualTo(1);
			assertThat(names()).containsExactlyInAnyOrder("as old", "newer", "new");

			this.clock.advance(Duration.ofDays(1));
			assertThat(purge.purge()).isEqualTo(1);
			assertThat(names()).containsExactlyInAnyOrder("newer", "new");
		});
	}

	@Test
	void shouldDeleteAThousandRecordsAStatement() {
		onTheDatabase(() -> {
			insert("old", 2_500, ago(RETENTION.plusDays(1)));
			insert("new", 10, ago(Duration.ZERO));
			List<Integer> statements = new CopyOnWriteArrayList<>();
			JdbcTemplate counting = new JdbcTemplate(this.dataSource) {

				@Override
				public int update(String sql, @Nullable Object... args) {
					int deleted = super.update(sql, args);
					statements.add(deleted);
					return deleted;
				}

			};

			assertThat(purge(counting).purge()).isEqualTo(2_500);
			assertThat(statements).containsExactly(1_000, 1_000, 500, 0);
			assertThat(names()).hasSize(10).containsOnly("new");
		});
	}

	@Test
	void shouldDeleteEachRecordOnceWhenTwoInstancesPurgeAtOnce() {
		onTheDatabase(() -> {
			insert("old", 5_000, ago(RETENTION.plusDays(1)));
			insert("new", 10, ago(Duration.ZERO));
			CyclicBarrier together = new CyclicBarrier(2);
			List<CompletableFuture<Long>> instances = IntStream.range(0, 2)
				.mapToObj((instance) -> CompletableFuture.supplyAsync(() -> {
					AuditLogPurge purge = purge(new JdbcTemplate(this.dataSource));
					try {
						together.await();
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
					return purge.purge();
				}))
				.toList();

			assertThat(instances.stream().mapToLong(CompletableFuture::join).sum()).isEqualTo(5_000);
			assertThat(names()).hasSize(10).containsOnly("new");
		});
	}

	@Test
	void shouldPurgeInTheBackgroundAtStartAndStopWhenThatPurgeIsDone() {
		onTheDatabase(() -> {
			insert("old", 100, ago(RETENTION.plusDays(1)));
			insert("new", 10, ago(Duration.ZERO));
			AuditLogPurge purge = purge(this.jdbc);

			purge.start();
			assertThat(purge.isRunning()).isTrue();
			purge.stop();

			assertThat(purge.isRunning()).isFalse();
			assertThat(names()).hasSize(10).containsOnly("new");
		});
	}

	private AuditLogPurge purge(JdbcTemplate jdbc) {
		return new AuditLogPurge(jdbc, new TransactionTemplate(new DataSourceTransactionManager(this.dataSource)),
				this.clock, RETENTION);
	}

	private OffsetDateTime ago(Duration age) {
		return OffsetDateTime.now(this.clock).minus(age);
	}

	private void insert(String name, int records, OffsetDateTime time) {
		this.jdbc.batchUpdate(
				"insert into svc_audit_logs (service_name, method_name, execution_time,"
						+ " execution_duration) values ('Test', ?, ?, 0)",
				IntStream.range(0, records).mapToObj((record) -> new Object[] { name, time }).toList());
	}

	private List<String> names() {
		return this.jdbc.queryForList("select method_name from svc_audit_logs", String.class);
	}

}
