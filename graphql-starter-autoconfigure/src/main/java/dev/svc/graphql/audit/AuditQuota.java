package dev.svc.graphql.audit;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.ratelimit.SharedBuckets;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.context.SmartLifecycle;
import org.springframework.util.Assert;

/**
 * Which records of one kind get an audit record of their own: at most {@code perWindow}
 * per client address and fixed window, counted in the shared buckets where it is given
 * them (all instances together: anonymous queries, refused sign-ins), else in this
 * instance's memory (signed-in users' queries, which a round trip would slow). The others
 * are counted in one summary record per address ({@code summaryOperation}, dated to its
 * window's start), written with the first record of a later window or on stop. The module
 * keeps one for anonymous queries, one for refused sign-ins (throttled, invalid input),
 * and one for signed-in users' queries, counted per user, whose summaries are the user's.
 * <p>
 * Memory is bounded: a window tells at most {@value #MAX_ADDRESSES} addresses apart;
 * further addresses, like unknown ones, share one allowance and an address-less summary.
 */
public final class AuditQuota implements SmartLifecycle {

	/** The operation of the summary of anonymous queries. */
	public static final String ANONYMOUS_QUERIES = "AnonymousQueriesNotRecorded";

	/** The operation of the summary of refused sign-in attempts. */
	public static final String REFUSED_SIGN_INS = "RefusedSignInsNotRecorded";

	/** The operation of the summary of a signed-in user's queries. */
	public static final String SIGNED_IN_QUERIES = "QueriesNotRecorded";

	static final int MAX_ADDRESSES = 10_000;

	/** The window every quota counts in. */
	static final Duration WINDOW = Duration.ofMinutes(1);

	/** Anonymous queries of one client address recorded one by one per window. */
	static final int ANONYMOUS_QUERIES_PER_WINDOW = 60;

	/**
	 * Queries of one signed-in user recorded one by one per window: far more than a
	 * person's use of a front end makes, so that a script cannot fill the log.
	 */
	static final int SIGNED_IN_QUERIES_PER_WINDOW = 600;

	/** Refused sign-in attempts of one client address recorded one by one per window. */
	static final int REFUSED_SIGN_INS_PER_WINDOW = 30;

	private static final String USER = "user:";

	// the records with no address of their own in the table
	private static final String OTHERS = "";

	private final AuditLogWriter writer;

	private final String serviceName;

	private final String summaryOperation;

	private final int perWindow;

	private final Duration window;

	private final long windowMillis;

	private final Map<String, Count> counts = new HashMap<>();

	private long currentWindow = Long.MIN_VALUE;

	private boolean stopped;

	private final AtomicLong notRecorded = new AtomicLong();

	private final @Nullable SharedBuckets shared;

	private final BucketConfiguration sharedLimit;

	/**
	 * Makes a quota counted in this instance alone.
	 * @param writer where records go
	 * @param serviceName the service name of the summary records
	 * @param summaryOperation the operation of the summary records
	 * @param perWindow how many records of an address are written one by one a window
	 * @param window the window
	 */
	public AuditQuota(AuditLogWriter writer, String serviceName, String summaryOperation, int perWindow,
			Duration window) {
		this(writer, serviceName, summaryOperation, perWindow, window, null);
	}

	/**
	 * Makes a quota whose records one by one every instance counts together: each
	 * instance sums up in its own summaries what it did not write.
	 * @param writer where records go
	 * @param serviceName the service name of the summary records
	 * @param summaryOperation the operation of the summary records
	 * @param perWindow how many records of an address are written one by one a window
	 * @param window the window
	 * @param shared the buckets every instance shares, {@code null} to count alone
	 */
	public AuditQuota(AuditLogWriter writer, String serviceName, String summaryOperation, int perWindow,
			Duration window, @Nullable SharedBuckets shared) {
		Assert.isTrue(perWindow >= 0, () -> summaryOperation + ": the records per window must not be negative");
		Assert.isTrue(window.toMillis() > 0, () -> summaryOperation + ": the window must be 1 ms or longer");
		this.writer = writer;
		this.serviceName = serviceName;
		this.summaryOperation = summaryOperation;
		this.perWindow = perWindow;
		this.window = window;
		this.windowMillis = window.toMillis();
		this.shared = shared;
		this.sharedLimit = BucketConfiguration.builder()
			.addLimit(
					(limit) -> limit.capacity(Math.max(1, perWindow)).refillIntervally(Math.max(1, perWindow), window))
			.build();
	}

	/**
	 * Counts a record of the quota's kind.
	 * @param address the client's address, {@code null} when unknown
	 * @param time when what it records started
	 * @return whether it gets a record of its own, else it counts in its address's
	 * summary
	 */
	public boolean admit(@Nullable String address, Instant time) {
		return admit((address != null) ? ClientAddress.network(address) : OTHERS, null, null, time);
	}

	/**
	 * Counts a record of a signed-in user's, whatever its address.
	 * @param tenantId the user's tenant, {@code null} for the host
	 * @param userId the user
	 * @param time when what it records started
	 * @return whether it gets a record of its own, else it counts in the user's summary
	 */
	public boolean admitUser(@Nullable Integer tenantId, long userId, Instant time) {
		return admit(USER + tenantId + ":" + userId, tenantId, userId, time);
	}

	private boolean admit(String key, @Nullable Integer tenantId, @Nullable Long userId, Instant time) {
		// outside the lock: the shared buckets may be a round trip away
		Boolean sharedAdmits = (this.perWindow > 0) ? takeShared(key) : null;
		List<AuditRecord> summaries;
		boolean admitted;
		// one lock: a count ending its window and one adding to it must not cross, or the
		// summary would miss queries
		synchronized (this) {
			if (this.stopped) {
				return true;
			}
			long window = Math.floorDiv(time.toEpochMilli(), this.windowMillis);
			// a clock set back keeps counting in the window it was in
			summaries = (window > this.currentWindow) ? endWindow(window) : List.of();
			Count count = count(key, tenantId, userId);
			admitted = (sharedAdmits != null) ? sharedAdmits : count.recorded < this.perWindow;
			if (admitted) {
				count.recorded++;
			}
			else {
				count.notRecorded++;
			}
		}
		if (!admitted) {
			this.notRecorded.incrementAndGet();
		}
		summaries.forEach(this.writer::write);
		return admitted;
	}

	// null when counted alone or the buckets cannot be reached: then this instance's
	// count decides
	private @Nullable Boolean takeShared(String key) {
		SharedBuckets buckets = this.shared;
		if (buckets == null) {
			return null;
		}
		ConsumptionProbe probe = buckets.tryTake(
				"audit:" + this.summaryOperation + ":" + key + ":" + this.perWindow + "/" + this.window.toSeconds(),
				() -> this.sharedLimit, 1);
		return (probe != null) ? probe.isConsumed() : null;
	}

	// sums up the open window; records after this each get their own, so that none goes
	// unrecorded while the application stops
	@Override
	public void stop() {
		List<AuditRecord> summaries;
		synchronized (this) {
			this.stopped = true;
			summaries = endWindow(Long.MIN_VALUE);
		}
		summaries.forEach(this.writer::write);
	}

	@Override
	public synchronized void start() {
		this.stopped = false;
	}

	@Override
	public synchronized boolean isRunning() {
		return !this.stopped;
	}

	// after the web server (DEFAULT_PHASE - 1024) finished its requests, before the
	// writer (DEFAULT_PHASE - 2048) writes what it holds
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 1536;
	}

	/**
	 * How many records were counted in a summary instead of written one by one.
	 * @return the count since start
	 */
	public long notRecorded() {
		return this.notRecorded.get();
	}

	private Count count(String key, @Nullable Integer tenantId, @Nullable Long userId) {
		Count count = this.counts.get(key);
		if (count != null) {
			return count;
		}
		if (this.counts.size() < MAX_ADDRESSES) {
			return this.counts.computeIfAbsent(key, (any) -> new Count(tenantId, userId));
		}
		return this.counts.computeIfAbsent(OTHERS, (any) -> new Count(null, null));
	}

	private List<AuditRecord> endWindow(long next) {
		List<AuditRecord> summaries = new ArrayList<>();
		if (!this.counts.isEmpty()) {
			OffsetDateTime start = Instant.ofEpochMilli(this.currentWindow * this.windowMillis)
				.atOffset(ZoneOffset.UTC);
			this.counts.forEach((address, count) -> {
				if (count.notRecorded > 0) {
					summaries.add(new AuditRecord(count.tenantId, count.userId, this.serviceName, this.summaryOperation,
							JsonMapper.shared()
								.writeValueAsString(new Summary(count.notRecorded, this.window.toString())),
							start, 0, (address.equals(OTHERS) || address.startsWith(USER)) ? null : address, null,
							null));
				}
			});
			this.counts.clear();
		}
		this.currentWindow = next;
		return summaries;
	}

	private static final class Count {

		final @Nullable Integer tenantId;

		final @Nullable Long userId;

		int recorded;

		long notRecorded;

		Count(@Nullable Integer tenantId, @Nullable Long userId) {
			this.tenantId = tenantId;
			this.userId = userId;
		}

	}

	// a summary record's parameters, as JSON
	record Summary(long notRecorded, String window) {
	}

}
