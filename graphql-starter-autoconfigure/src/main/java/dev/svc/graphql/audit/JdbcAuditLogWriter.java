package dev.svc.graphql.audit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Writes audit records to {@code svc_audit_logs} from a background thread, in batches, so that a
 * query never waits for its audit insert. When the queue is full, or once the writer has stopped,
 * the caller inserts its record itself: records are slowed down, never dropped. On stop the writer
 * drains the queue before it returns, and it stops after the web server, so requests still in
 * flight during a graceful shutdown are recorded too.
 */
final class JdbcAuditLogWriter implements AuditLogWriter, SmartLifecycle {

	private static final Log logger = LogFactory.getLog(JdbcAuditLogWriter.class);

	private static final String INSERT = "insert into svc_audit_logs (tenant_id, user_id, service_name, method_name,"
			+ " parameters, execution_time, execution_duration, client_ip_address, browser_info, exception)"
			+ " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

	private static final int MAX_BATCH = 500;

	/** Put on the queue by {@link #stop()} to wake the worker from its wait; never written. */
	private static final AuditRecord WAKE_UP = new AuditRecord(null, null, "", null, null, null, 0, null, null, null);

	private final JdbcTemplate jdbc;

	private final BlockingQueue<AuditRecord> queue;

	private final Duration flushInterval;

	private volatile boolean running;

	private @Nullable Thread worker;

	JdbcAuditLogWriter(JdbcTemplate jdbc, int queueCapacity, Duration flushInterval) {
		this.jdbc = jdbc;
		this.queue = new ArrayBlockingQueue<>(queueCapacity);
		this.flushInterval = flushInterval;
	}

	@Override
	public void write(AuditRecord record) {
		if (!this.running || !this.queue.offer(record)) {
			insert(List.of(record));
		}
	}

	@Override
	public synchronized void start() {
		this.running = true;
		this.worker = new Thread(this::drainWhileRunning, "svc-audit-log-writer");
		this.worker.setDaemon(true);
		this.worker.start();
	}

	@Override
	public synchronized void stop() {
		this.running = false;
		// a full queue means the worker is not waiting; otherwise this wakes it at once
		this.queue.offer(WAKE_UP);
		try {
			this.worker.join();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		flushQueue();
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	/**
	 * Stops after the web server (whose phase is {@code DEFAULT_PHASE - 1024}) has finished its
	 * requests, and before the data source is closed.
	 */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 2048;
	}

	private void drainWhileRunning() {
		while (this.running) {
			try {
				AuditRecord first = this.queue.poll(this.flushInterval.toMillis(), TimeUnit.MILLISECONDS);
				if (first != null) {
					List<AuditRecord> batch = new ArrayList<>();
					batch.add(first);
					this.queue.drainTo(batch, MAX_BATCH - 1);
					insert(batch);
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private void flushQueue() {
		List<AuditRecord> batch = new ArrayList<>();
		while (this.queue.drainTo(batch, MAX_BATCH) > 0) {
			insert(batch);
			batch.clear();
		}
	}

	private void insert(List<AuditRecord> records) {
		List<AuditRecord> batch = records.stream().filter((record) -> record != WAKE_UP).toList();
		if (batch.isEmpty()) {
			return;
		}
		try {
			this.jdbc.batchUpdate(INSERT, batch, batch.size(), (statement, record) -> {
				statement.setObject(1, record.tenantId());
				statement.setObject(2, record.userId());
				statement.setString(3, truncate(record.serviceName(), 256));
				statement.setString(4, truncate(record.methodName(), 256));
				statement.setString(5, truncate(record.parameters(), 1024));
				statement.setObject(6, record.executionTime());
				statement.setInt(7, record.executionDuration());
				statement.setString(8, truncate(record.clientIpAddress(), 64));
				statement.setString(9, truncate(record.browserInfo(), 512));
				statement.setString(10, truncate(record.exception(), 2000));
			});
		}
		catch (RuntimeException ex) {
			logger.error("Could not write " + batch.size() + " audit records: " + batch, ex);
		}
	}

	private static String truncate(String text, int maxLength) {
		return (text == null || text.length() <= maxLength) ? text : text.substring(0, maxLength);
	}

}
