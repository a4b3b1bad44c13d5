package dev.svc.graphql.audit;

import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.context.SmartLifecycle;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.dao.QueryTimeoutException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionOperations;
import org.springframework.util.Assert;

/**
 * Deletes the audit records older than the retention, at start and then hourly, on its
 * own thread, {@value #BATCH} a statement and a transaction so that locks are held
 * briefly. Instances may purge at once: one finding rows locked leaves the rest to the
 * holder. A failed purge (the database away) is logged and tried again the next hour.
 */
final class AuditLogPurge implements SmartLifecycle {

	private static final Log logger = LogFactory.getLog(AuditLogPurge.class);

	static final int BATCH = 1_000;

	private static final Duration INTERVAL = Duration.ofHours(1);

	// ids through a derived table: MariaDB and MySQL refuse a limit in an in-subquery,
	// and a subquery of the table deleted from
	private static final String DELETE = "delete from svc_audit_logs where id in (select id from (select id"
			+ " from svc_audit_logs where execution_time < ? limit " + BATCH + ") batch)";

	private final JdbcTemplate jdbc;

	private final TransactionOperations transactions;

	private final Clock clock;

	private final Duration retention;

	private volatile boolean stopping;

	private @Nullable ScheduledExecutorService executor;

	AuditLogPurge(JdbcTemplate jdbc, TransactionOperations transactions, Clock clock, Duration retention) {
		Assert.isTrue(!retention.isNegative() && !retention.isZero(),
				"graphql.audit.retention must be positive, or 0 to keep records forever");
		this.jdbc = jdbc;
		this.transactions = transactions;
		this.clock = clock;
		this.retention = retention;
	}

	long purge() {
		OffsetDateTime oldestKept = OffsetDateTime.now(this.clock).minus(this.retention);
		long deleted = 0;
		Integer batch;
		// a short batch is no end: another instance may have taken records from it
		do {
			try {
				batch = this.transactions.execute((status) -> this.jdbc.update(DELETE, oldestKept));
			}
			catch (PessimisticLockingFailureException | QueryTimeoutException ex) {
				// locked by another instance's purge, which goes on with them
				logger.debug("Another instance is purging the audit log; this one leaves the rest to it", ex);
				return deleted;
			}
			deleted += batch;
		}
		while (batch > 0 && !this.stopping);
		return deleted;
	}

	@Override
	public synchronized void start() {
		this.stopping = false;
		ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "svc-audit-log-purge");
			thread.setDaemon(true);
			return thread;
		});
		// at start too, for instances restarted more often than hourly; as its own task,
		// which a stop lets run (for one statement) while cancelling the next ones
		executor.execute(this::purgeAndReport);
		executor.scheduleWithFixedDelay(this::purgeAndReport, INTERVAL.toMillis(), INTERVAL.toMillis(),
				TimeUnit.MILLISECONDS);
		this.executor = executor;
	}

	@Override
	public synchronized void stop() {
		ScheduledExecutorService executor = this.executor;
		if (executor == null) {
			return;
		}
		this.stopping = true;
		// cancels the next purge; one under way ends after its current statement
		executor.shutdown();
		try {
			if (!executor.awaitTermination(30, TimeUnit.SECONDS)) {
				logger.warn("The audit log purge did not end within 30 s of the stop; it is interrupted");
				executor.shutdownNow();
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		this.executor = null;
	}

	@Override
	public synchronized boolean isRunning() {
		return this.executor != null;
	}

	// a scheduled task that throws is never run again: every failure ends here
	private void purgeAndReport() {
		try {
			long deleted = purge();
			if (deleted > 0) {
				logger.info("Deleted " + deleted + " audit records older than " + this.retention
						+ " (graphql.audit.retention)");
			}
		}
		catch (RuntimeException ex) {
			logger.warn("The audit log could not be purged (" + ex.getMessage() + "); the next purge is in an hour");
		}
	}

}
