package dev.svc.graphql.persisted;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

/**
 * The shared persisted queries in the module's table {@code svc_persisted_queries},
 * within a budget of bytes (each text's {@linkplain PersistedQuery#sharedWeight weight}).
 * Each account holds at most its {@linkplain PersistedQuery#accountShare share}: past it,
 * its own oldest texts make room, never another's. One save in {@value #CHECK_EVERY} adds
 * up the table, and past the budget (more than sixteen accounts near their share) deletes
 * the oldest quarter of the texts until it is within it again.
 */
final class JdbcPersistedQueries implements SharedPersistedQueries {

	private static final Log logger = LogFactory.getLog(JdbcPersistedQueries.class);

	static final int CHECK_EVERY = 64;

	/**
	 * MariaDB and MySQL refuse a limit in an {@code in} subquery: a derived table first.
	 */
	private static final String DELETE_OLDEST = "delete from svc_persisted_queries where hash in (select hash from"
			+ " (select hash from svc_persisted_queries order by created_at limit ?) oldest)";

	private static final String DELETE_OLDEST_OF = "delete from svc_persisted_queries where hash in (select hash from"
			+ " (select hash from svc_persisted_queries where saved_by = ? order by created_at limit ?) oldest)";

	private static final String HELD_BY = "select coalesce(sum(bytes), 0) from svc_persisted_queries where saved_by = ?";

	private final JdbcClient jdbc;

	private final TransactionOperations outsideTransactions;

	private final Clock clock;

	private final long budget;

	private final long share;

	private final AtomicInteger saves = new AtomicInteger();

	// outsideTransactions: runs the insert outside a caller's transaction, which a failed
	// insert would end on PostgreSQL; budget: the bytes of text the table may hold
	JdbcPersistedQueries(JdbcClient jdbc, TransactionOperations outsideTransactions, Clock clock, long budget) {
		this.jdbc = jdbc;
		this.outsideTransactions = outsideTransactions;
		this.clock = clock;
		this.budget = budget;
		this.share = PersistedQuery.accountShare(budget);
	}

	@Override
	public @Nullable String find(String sha256Hash) {
		try {
			return this.jdbc.sql("select document from svc_persisted_queries where hash = ?")
				.param(sha256Hash)
				.query(String.class)
				.optional()
				.orElse(null);
		}
		catch (DataAccessException ex) {
			logger.debug("The shared persisted queries cannot be read: " + ex.getMessage());
			return null;
		}
	}

	@Override
	public void save(String sha256Hash, String text, String account) {
		long bytes = PersistedQuery.sharedWeight(text);
		if (bytes > this.share) {
			return;
		}
		try {
			boolean saved = Boolean.TRUE.equals(this.outsideTransactions.execute((status) -> {
				try {
					this.jdbc
						.sql("insert into svc_persisted_queries (hash, document, bytes, created_at, saved_by)"
								+ " values (?, ?, ?, ?, ?)")
						.params(sha256Hash, text, bytes, this.clock.millis(), account)
						.update();
					return true;
				}
				catch (DuplicateKeyException ex) {
					// another instance saved it first
					return false;
				}
			}));
			if (saved) {
				keepWithinShare(account);
			}
			if (this.saves.incrementAndGet() % CHECK_EVERY == 0) {
				keepWithinBudget();
			}
		}
		catch (DataAccessException ex) {
			logger.debug("The shared persisted queries cannot be written: " + ex.getMessage());
		}
	}

	// the account's oldest texts, a quarter of them a round, until it is within its share
	private void keepWithinShare(String account) {
		for (int round = 0; round < 8 && heldBy(account) > this.share; round++) {
			deleteOldestQuarter(account);
		}
	}

	private void deleteOldestQuarter(String account) {
		int rows = this.jdbc.sql("select count(*) from svc_persisted_queries where saved_by = ?")
			.param(account)
			.query(Integer.class)
			.single();
		this.jdbc.sql(DELETE_OLDEST_OF).params(account, Math.max(1, rows / 4)).update();
	}

	void keepWithinBudget() {
		for (int round = 0; round < 8 && held() > this.budget; round++) {
			int rows = this.jdbc.sql("select count(*) from svc_persisted_queries").query(Integer.class).single();
			this.jdbc.sql(DELETE_OLDEST).param(Math.max(1, rows / 4)).update();
		}
	}

	long heldBy(String account) {
		return this.jdbc.sql(HELD_BY).param(account).query(Long.class).single();
	}

	long held() {
		return this.jdbc.sql("select coalesce(sum(bytes), 0) from svc_persisted_queries").query(Long.class).single();
	}

}
