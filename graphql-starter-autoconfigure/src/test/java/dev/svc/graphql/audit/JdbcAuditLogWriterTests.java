package dev.svc.graphql.audit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.sql.DataSource;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.awaitility.Awaitility;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.ConnectionCallback;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DelegatingDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The background writer on the real database: what was written before a stop is in the
 * table after it; no text, however poisoned, and no refused record takes others with it;
 * while the database is away records wait in the buffer, and only those that find it full
 * are dropped.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@ExtendWith(OutputCaptureExtension.class)
class JdbcAuditLogWriterTests {

	@Autowired
	private DataSource dataSource;

	private JdbcTemplate jdbc;

	@BeforeEach
	void emptyTheLog() {
		this.jdbc = new JdbcTemplate(this.dataSource);
		this.jdbc.update("delete from svc_audit_logs");
	}

	@Test
	void shouldWriteEveryQueuedRecordWhenStopped() {
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 10_000, Duration.ofHours(1));
		writer.start();
		for (int i = 0; i < 2_000; i++) {
			writer.write(record(i));
		}
		writer.stop();
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(2_000);
		assertThat(this.jdbc.queryForObject("select count(distinct method_name) from svc_audit_logs", Integer.class))
			.isEqualTo(2_000);
	}

	@Test
	void shouldStopAtOnceWhileTheWorkerWaitsForRecords() throws InterruptedException {
		CountDownLatch written = new CountDownLatch(1);
		JdbcTemplate jdbc = new JdbcTemplate(this.dataSource) {

			@Override
			public <T> @Nullable T execute(ConnectionCallback<T> action) {
				T result = super.execute(action);
				written.countDown();
				return result;
			}

		};
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(jdbc, 100, Duration.ofHours(1));
		writer.start();
		writer.write(record(1));
		assertThat(written.await(30, TimeUnit.SECONDS)).as("the first record written").isTrue();
		// the worker now waits up to an hour for the next record; stopping must not wait
		// with it
		assertThat(CompletableFuture.runAsync(writer::stop)).succeedsWithin(Duration.ofSeconds(30));
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(1);
	}

	@Test
	void shouldInsertRecordsWrittenAfterTheStopItself() {
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 10, Duration.ofHours(1));
		writer.start();
		writer.write(record(1));
		writer.stop();
		writer.write(record(2));
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(2);
	}

	@Test
	void shouldStoreEveryTextWhateverItHoldsCutToItsColumnWithAMarker() {
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 10_000, Duration.ofMillis(10));
		writer.start();
		for (int i = 0; i < 2_000; i++) {
			// one in twenty poisoned: a NUL byte, which PostgreSQL refuses in text, and
			// texts far past their columns
			writer.write((i % 20 == 0)
					? new AuditRecord(1, 2L, "Test", "call" + i, "{ greeting(name: \"a\u0000b\") }",
							OffsetDateTime.now(ZoneOffset.UTC), 3, "127.0.0.1", "\u0000".repeat(600), "x".repeat(5_000))
					: record(i));
		}
		writer.stop();
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(2_000);
		assertThat(this.jdbc.queryForObject("select parameters from svc_audit_logs where method_name = 'call0'",
				String.class))
			.isEqualTo("{ greeting(name: \"a\ufffdb\") }");
		assertThat(this.jdbc.queryForObject("select exception from svc_audit_logs where method_name = 'call20'",
				String.class))
			.hasSize(2000)
			.endsWith("x…[cut]");
		assertThat(this.jdbc.queryForObject("select browser_info from svc_audit_logs where method_name = 'call40'",
				String.class))
			.hasSize(512)
			.endsWith("\ufffd…[cut]");
		assertThat(writer.droppedRecords()).isZero();
		assertThat(writer.refusedRecords()).isZero();
	}

	@Test
	void shouldWriteTheRestOfABatchWhenTheDatabaseRefusesOneRecord() {
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 10_000, Duration.ofHours(1));
		writer.start();
		for (int i = 0; i < 100; i++) {
			// no time: the column refuses it
			writer.write((i == 50) ? new AuditRecord(1, 2L, "Test", "call" + i, null, null, 3, null, null, null)
					: record(i));
		}
		writer.stop();
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(99);
		assertThat(writer.refusedRecords()).isEqualTo(1);
	}

	@Test
	void shouldKeepRecordsWhileTheDatabaseIsAwayAndWriteThemWhenItIsBack() throws InterruptedException {
		SwitchableDataSource database = new SwitchableDataSource(this.dataSource);
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(new JdbcTemplate(database), 10_000, Duration.ofMillis(10));
		writer.start();
		database.away = true;
		for (int i = 0; i < 3_000; i++) {
			writer.write(record(i));
		}
		// the worker tries, fails and waits its turn a few times
		assertThat(database.refusals.await(30, TimeUnit.SECONDS)).isTrue();
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isZero();
		database.away = false;
		writer.stop();
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(3_000);
		assertThat(writer.droppedRecords()).isZero();
	}

	@Test
	void shouldDropOnlyWhatFindsTheBufferFullAndCountIt(CapturedOutput output) {
		SwitchableDataSource database = new SwitchableDataSource(this.dataSource);
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(new JdbcTemplate(database), 1_000, Duration.ofMillis(10));
		writer.start();
		database.away = true;
		for (int i = 0; i < 3_000; i++) {
			writer.write(record(i));
		}
		database.away = false;
		writer.stop();
		int written = this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class);
		// the buffer's thousand, and what the worker had taken from it before it found
		// the database away
		assertThat(written).isBetween(1_000, 1_500);
		assertThat(writer.droppedRecords()).isEqualTo(3_000 - written);
		// logged at once, then once a minute and at the stop: never silently
		Matcher reports = Pattern.compile("(\\d+) audit records were dropped: the buffer of 1000 ")
			.matcher(output.getAll());
		long reported = 0;
		int lines = 0;
		while (reports.find()) {
			reported += Long.parseLong(reports.group(1));
			lines++;
		}
		assertThat(reported).isEqualTo(writer.droppedRecords());
		assertThat(lines).isEqualTo(2);
	}

	@Test
	void shouldKeepARecordWhoseConnectionTheServerCutEvenWhenTheRollbackFailsToo() {
		ServerCuttingConnections database = new ServerCuttingConnections(this.dataSource, 2);
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(new JdbcTemplate(database), 10_000, Duration.ofMillis(10));
		writer.start();
		// the batch, and then what would have been the first record alone, each meet a
		// connection the server cut: both are the database going away, not a record it
		// refused, and wait for a later try
		for (int i = 0; i < 10; i++) {
			writer.write(record(i));
		}
		try {
			Awaitility.await()
				.atMost(Duration.ofSeconds(20))
				.until(() -> this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class) >= 10
						|| writer.refusedRecords() > 0);
		}
		finally {
			writer.stop();
		}
		assertThat(database.cut).hasValue(0);
		assertThat(writer.refusedRecords()).isZero();
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(10);
	}

	private static AuditRecord record(int i) {
		return new AuditRecord(1, 2L, "Test", "call" + i, null, OffsetDateTime.now(ZoneOffset.UTC), 3, "127.0.0.1",
				null, null);
	}

	/**
	 * A data source whose first connections a server going away cuts, as PostgreSQL's
	 * {@code pg_terminate_backend} does: the statement fails with state 57P01, and the
	 * pool has marked the connection broken, so that its rollback fails too, with no
	 * state.
	 */
	private static final class ServerCuttingConnections extends DelegatingDataSource {

		final AtomicInteger cut;

		ServerCuttingConnections(DataSource target, int cut) {
			super(target);
			this.cut = new AtomicInteger(cut);
		}

		@Override
		public Connection getConnection() throws SQLException {
			Connection connection = super.getConnection();
			if (this.cut.getAndUpdate((left) -> Math.max(0, left - 1)) == 0) {
				return connection;
			}
			return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
					(proxy, method, arguments) -> switch (method.getName()) {
						case "prepareStatement" ->
							cutStatement((PreparedStatement) invoke(connection, method, arguments));
						case "rollback" -> throw new SQLException("Connection is closed");
						default -> invoke(connection, method, arguments);
					});
		}

		private static PreparedStatement cutStatement(PreparedStatement statement) {
			return (PreparedStatement) Proxy.newProxyInstance(ServerCuttingConnections.class.getClassLoader(),
					new Class<?>[] { PreparedStatement.class }, (proxy, method, arguments) -> {
						if (method.getName().equals("executeBatch")) {
							throw new SQLException("terminating connection due to administrator command", "57P01");
						}
						return invoke(statement, method, arguments);
					});
		}

		private static @Nullable Object invoke(Object target, Method method, Object @Nullable [] arguments)
				throws Throwable {
			try {
				return method.invoke(target, arguments);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}

	}

	/**
	 * A data source that can go out of reach, as a database server that is down.
	 */
	private static final class SwitchableDataSource extends DelegatingDataSource {

		volatile boolean away;

		final CountDownLatch refusals = new CountDownLatch(3);

		SwitchableDataSource(DataSource target) {
			super(target);
		}

		@Override
		public Connection getConnection() throws SQLException {
			if (this.away) {
				this.refusals.countDown();
				throw new SQLTransientConnectionException("the database is away for this test");
			}
			return super.getConnection();
		}

	}

}
