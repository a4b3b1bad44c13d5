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

import tools.jackson.databind.json.JsonMapper;

import dev.svc.graphql.context.ClientAddress;
import org.jspecify.annotations.Nullable;

import org.springframework.util.Assert;

/**
 * Which anonymous queries get an audit record of their own: at most {@code perWindow} of each
 * client address in each fixed window, counted in this instance's memory. The others are counted,
 * and the count of each address is written as one summary record ({@value #SUMMARY}, dated to
 * the start of its window) with the first anonymous query of a later window, or when the
 * application stops.
 * <p>
 * The memory it takes is bounded whatever the number of addresses: a window tells at most
 * {@value #MAX_ADDRESSES} addresses apart, and the queries of further addresses, like those whose
 * address is unknown, share one allowance and one summary without an address.
 */
final class AnonymousQueryQuota {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	/** The operation of a summary record. */
	static final String SUMMARY = "AnonymousQueriesNotRecorded";

	static final int MAX_ADDRESSES = 10_000;

	/** The key of the queries that have no address of their own in the table. */
	private static final String OTHERS = "";

	private static final class Count {

		int recorded;

		long notRecorded;

	}

	private final AuditLogWriter writer;

	private final int perWindow;

	private final Duration window;

	private final long windowMillis;

	private final Map<String, Count> counts = new HashMap<>();

	private long currentWindow = Long.MIN_VALUE;

	private boolean stopped;

	private final AtomicLong notRecorded = new AtomicLong();

	AnonymousQueryQuota(AuditLogWriter writer, int perWindow, Duration window) {
		Assert.isTrue(perWindow >= 0, "graphql.audit.anonymous-queries-per-window must not be negative");
		Assert.isTrue(window.toMillis() > 0, "graphql.audit.anonymous-query-window must be 1 ms or longer");
		this.writer = writer;
		this.perWindow = perWindow;
		this.window = window;
		this.windowMillis = window.toMillis();
	}

	/**
	 * Counts an anonymous query.
	 * @param address the client's address, {@code null} when unknown
	 * @param time when the query started
	 * @return whether the query gets a record of its own
	 */
	boolean admit(@Nullable String address, Instant time) {
		List<AuditRecord> summaries;
		boolean admitted;
		// one lock for the table: a count that ends its window and one that adds to it must not
		// cross, or the summary would miss queries
		synchronized (this) {
			if (this.stopped) {
				return true;
			}
			long window = Math.floorDiv(time.toEpochMilli(), this.windowMillis);
			// a clock set back keeps counting in the window it was in
			summaries = (window > this.currentWindow) ? endWindow(window) : List.of();
			Count count = count((address != null) ? ClientAddress.network(address) : OTHERS);
			admitted = count.recorded < this.perWindow;
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

	/**
	 * Writes the summaries of the open window. Queries counted after this each get their record, so
	 * that none goes unrecorded while the application stops.
	 */
	void stop() {
		List<AuditRecord> summaries;
		synchronized (this) {
			this.stopped = true;
			summaries = endWindow(Long.MIN_VALUE);
		}
		summaries.forEach(this.writer::write);
	}

	/**
	 * Counts again, after {@link #stop()}.
	 */
	synchronized void start() {
		this.stopped = false;
	}

	synchronized boolean isRunning() {
		return !this.stopped;
	}

	/**
	 * How many anonymous queries got no record of their own.
	 * @return the count since start
	 */
	long notRecordedQueries() {
		return this.notRecorded.get();
	}

	private Count count(String key) {
		Count count = this.counts.get(key);
		if (count != null) {
			return count;
		}
		String owner = (this.counts.size() < MAX_ADDRESSES) ? key : OTHERS;
		return this.counts.computeIfAbsent(owner, (any) -> new Count());
	}

	private List<AuditRecord> endWindow(long next) {
		List<AuditRecord> summaries = new ArrayList<>();
		if (!this.counts.isEmpty()) {
			OffsetDateTime start = Instant.ofEpochMilli(this.currentWindow * this.windowMillis).atOffset(ZoneOffset.UTC);
			this.counts.forEach((address, count) -> {
				if (count.notRecorded > 0) {
					summaries.add(new AuditRecord(null, null, "GraphQL", SUMMARY,
							JSON.writeValueAsString(new Summary(count.notRecorded, this.window.toString())), start, 0,
							address.equals(OTHERS) ? null : address, null, null));
				}
			});
			this.counts.clear();
		}
		this.currentWindow = next;
		return summaries;
	}

	/**
	 * The parameters of a summary record.
	 *
	 * @param notRecorded how many anonymous queries of the address were not recorded one by one
	 * @param window the window they were counted in
	 */
	record Summary(long notRecorded, String window) {
	}

}
