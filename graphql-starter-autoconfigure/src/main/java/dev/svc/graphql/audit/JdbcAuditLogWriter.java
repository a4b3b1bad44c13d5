package dev.svc.graphql.audit;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.svc.graphql.error.ErrorCode;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Writes audit records to {@code svc_audit_logs} in batches from a background thread, so
 * that no query waits for its insert, and loses none it could keep:
 * <ul>
 * <li>every text is stored ({@link AuditRows#storable}), cut to fit its column;</li>
 * <li>a refused batch is written again record by record, so a record refused even alone
 * (counted, logged) takes no other with it;</li>
 * <li>while the database is away, records wait in the buffer (10,000 records), tried
 * again after 250 ms, then up to every 5 s; only those finding it full are dropped,
 * counted, and logged once a minute;</li>
 * <li>stop drains the buffer, after the web server's, so a graceful shutdown's requests
 * are recorded too; later records are inserted by their caller.</li>
 * </ul>
 */
final class JdbcAuditLogWriter implements AuditLogWriter, SmartLifecycle {

	private static final Log logger = LogFactory.getLog(JdbcAuditLogWriter.class);

	private static final int MAX_BATCH = 500;

	/**
	 * Records waiting for the writer, also while the database cannot be reached: some
	 * minutes of a busy instance's queries, a few megabytes of heap.
	 */
	static final int QUEUE_CAPACITY = 10_000;

	/** How long the idle writer waits for a record before it looks at its drops again. */
	static final Duration FLUSH_INTERVAL = Duration.ofMillis(500);

	private static final long FIRST_RETRY_MILLIS = 250;

	private static final long LAST_RETRY_MILLIS = 5_000;

	private static final long DROP_REPORT_NANOS = TimeUnit.MINUTES.toNanos(1);

	// wakes the worker from its wait; never written
	private static final AuditRecord WAKE_UP = new AuditRecord(null, null, "", null, null, OffsetDateTime.MIN, 0, null,
			null, null);

	private final JdbcTemplate jdbc;

	private final BlockingQueue<AuditRecord> queue;

	private final Duration flushInterval;

	private final List<AuditRecord> pending = new ArrayList<>();

	private final int queueCapacity;

	private final AtomicLong dropped = new AtomicLong();

	private final AtomicLong refused = new AtomicLong();

	private final AtomicLong droppedSinceReport = new AtomicLong();

	private volatile long nextDropReport = System.nanoTime();

	private volatile boolean running;

	private volatile boolean databaseAway;

	private @Nullable Thread worker;

	JdbcAuditLogWriter(JdbcTemplate jdbc, int queueCapacity, Duration flushInterval) {
		this.jdbc = jdbc;
		this.queue = new ArrayBlockingQueue<>(queueCapacity);
		this.queueCapacity = queueCapacity;
		this.flushInterval = flushInterval;
	}

	@Override
	public void write(AuditRecord record) {
		if (!this.running) {
			List<AuditRecord> alone = new ArrayList<>(List.of(record));
			if (!insert(alone)) {
				drop(alone.size());
			}
		}
		else if (!this.queue.offer(record)) {
			drop(1);
		}
	}

	// the buffer was full, or the database away after the stop
	long droppedRecords() {
		return this.dropped.get();
	}

	long refusedRecords() {
		return this.refused.get();
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
			if (this.worker != null) {
				this.worker.join();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.queue.drainTo(this.pending);
		while (!this.pending.isEmpty()) {
			List<AuditRecord> batch = new ArrayList<>(
					this.pending.subList(0, Math.min(MAX_BATCH, this.pending.size())));
			this.pending.subList(0, batch.size()).clear();
			if (!insert(batch)) {
				drop(batch.size() + this.pending.size());
				this.pending.clear();
			}
		}
		reportDrops(true);
	}

	@Override
	public boolean isRunning() {
		return this.running;
	}

	// stops after the web server (DEFAULT_PHASE - 1024), before the data source closes
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 2048;
	}

	private void drainWhileRunning() {
		long retryMillis = FIRST_RETRY_MILLIS;
		while (this.running) {
			try {
				if (this.pending.isEmpty()) {
					AuditRecord first = this.queue.poll(this.flushInterval.toMillis(), TimeUnit.MILLISECONDS);
					if (first == null) {
						reportDrops(false);
						continue;
					}
					this.pending.add(first);
				}
				this.queue.drainTo(this.pending, MAX_BATCH - this.pending.size());
				if (insert(this.pending)) {
					retryMillis = FIRST_RETRY_MILLIS;
				}
				else {
					pause(retryMillis);
					retryMillis = Math.min(retryMillis * 2, LAST_RETRY_MILLIS);
				}
				reportDrops(false);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	// in short steps, so that a stop does not wait for the whole pause
	private void pause(long millis) throws InterruptedException {
		for (long waited = 0; waited < millis && this.running; waited += 50) {
			Thread.sleep(50);
		}
	}

	// the batch at once, else one by one, taking written and refused records off the
	// list; false when the database is away: the rest wait for another try
	private boolean insert(List<AuditRecord> records) {
		records.removeIf((record) -> record == WAKE_UP);
		if (records.isEmpty()) {
			return true;
		}
		try {
			batchInsert(records);
			records.clear();
			databaseBack();
			return true;
		}
		catch (RuntimeException ex) {
			if (ErrorCode.isDatabaseUnavailable(ex)) {
				databaseAway(ex);
				return false;
			}
		}
		for (Iterator<AuditRecord> remaining = records.iterator(); remaining.hasNext();) {
			AuditRecord record = remaining.next();
			try {
				batchInsert(List.of(record));
			}
			catch (RuntimeException ex) {
				if (ErrorCode.isDatabaseUnavailable(ex)) {
					databaseAway(ex);
					return false;
				}
				this.refused.incrementAndGet();
				logger.warn("The database refused an audit record, which is lost: " + ex.getMessage() + "; the record: "
						+ AuditRows.storable(record.toString(), 2000));
			}
			remaining.remove();
		}
		databaseBack();
		return true;
	}

	// in one transaction: a batch the database refuses leaves nothing behind to be
	// written twice
	private void batchInsert(List<AuditRecord> batch) {
		this.jdbc.execute((Connection connection) -> {
			boolean autoCommit = connection.getAutoCommit();
			connection.setAutoCommit(false);
			try (PreparedStatement statement = connection.prepareStatement(AuditRows.INSERT)) {
				for (AuditRecord record : batch) {
					AuditRows.bind(statement, record);
					statement.addBatch();
				}
				statement.executeBatch();
				connection.commit();
			}
			catch (SQLException ex) {
				rollBack(connection, autoCommit, ex);
				throw ex;
			}
			connection.setAutoCommit(autoCommit);
			return batch.size();
		});
	}

	// a connection broken by a server going away fails the rollback too ("Connection is
	// closed", no SQL state): hiding the cause would take a record for refused, and lose
	// it
	private static void rollBack(Connection connection, boolean autoCommit, SQLException failure) {
		try {
			connection.rollback();
			connection.setAutoCommit(autoCommit);
		}
		catch (SQLException ex) {
			failure.addSuppressed(ex);
		}
	}

	private void databaseAway(RuntimeException ex) {
		if (!this.databaseAway) {
			this.databaseAway = true;
			logger.warn("The audit log cannot be written for now, the database cannot be reached (" + ex.getMessage()
					+ "); records wait in the buffer of " + this.queueCapacity + " until it is back");
		}
	}

	private void databaseBack() {
		if (this.databaseAway) {
			this.databaseAway = false;
			logger.info("The audit log is written again");
		}
	}

	private void drop(int records) {
		this.dropped.addAndGet(records);
		this.droppedSinceReport.addAndGet(records);
		reportDrops(false);
	}

	private void reportDrops(boolean now) {
		long time = System.nanoTime();
		if (!now && time - this.nextDropReport < 0) {
			return;
		}
		long records = this.droppedSinceReport.getAndSet(0);
		if (records > 0) {
			this.nextDropReport = time + DROP_REPORT_NANOS;
			logger.warn(records + " audit records were dropped: the buffer of " + this.queueCapacity
					+ " was full while the database could not be written");
		}
	}

}
