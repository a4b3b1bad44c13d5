package dev.svc.graphql.audit;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import javax.sql.DataSource;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.JdbcTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/**
 * The background writer on the real database: what was written before a stop is in the table
 * after it, whether it waited in the queue or overflowed it.
 */
@SpringBootTest(classes = TestHostApplication.class, properties = { "graphql.enabled=true",
		"spring.graphql.schema.locations=classpath:graphql-test/" }, webEnvironment = SpringBootTest.WebEnvironment.NONE)
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
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 100, Duration.ofHours(1));
		writer.start();
		writer.write(record(1));
		while (this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class) == 0) {
			Thread.sleep(10);
		}
		// the worker now waits up to an hour for the next record; stopping must not wait with it
		assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
			writer.stop();
		});
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(1);
	}

	@Test
	void shouldWriteRecordsItselfWhenTheQueueIsFullOrStopped() {
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 1, Duration.ofHours(1));
		writer.start();
		for (int i = 0; i < 50; i++) {
			writer.write(record(i));
		}
		writer.stop();
		writer.write(record(50));
		assertThat(this.jdbc.queryForObject("select count(*) from svc_audit_logs", Integer.class)).isEqualTo(51);
	}

	@Test
	void shouldTruncateOverlongTexts() {
		JdbcAuditLogWriter writer = new JdbcAuditLogWriter(this.jdbc, 10, Duration.ofMillis(10));
		writer.write(new AuditRecord(null, null, "GraphQL", "query", "x".repeat(5_000), OffsetDateTime.now(ZoneOffset.UTC),
				1, null, "y".repeat(600), null));
		assertThat(this.jdbc.queryForObject("select parameters from svc_audit_logs", String.class)).hasSize(1024);
	}

	private static AuditRecord record(int i) {
		return new AuditRecord(1, 2L, "Test", "call" + i, null, OffsetDateTime.now(ZoneOffset.UTC), 3, "127.0.0.1",
				null, null);
	}

}
