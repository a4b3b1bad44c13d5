package dev.svc.graphql.ratelimit;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;

/**
 * What one request's operation spent, for the response's header fields: those of the IETF
 * draft "RateLimit header fields for HTTP" ({@code RateLimit-Policy}, one policy per
 * budget with its quota {@code q} and window {@code w} in seconds; {@code RateLimit}, the
 * remaining {@code r} and the seconds {@code t} until the budget is full again) and, when
 * refused, {@code Retry-After}.
 */
final class RateLimitStatus {

	private final @Nullable String address;

	private final List<Budget> budgets = new ArrayList<>();

	private long retryAfterSeconds = -1;

	private long paidForReading;

	RateLimitStatus(@Nullable String address) {
		this.address = address;
	}

	@Nullable String address() {
		return this.address;
	}

	/** A budget's state after a take: the last one of each budget counts. */
	synchronized void spent(String name, long quota, long windowSeconds, long remaining) {
		// an instance's view of a shared budget may run past its bounds
		Budget budget = new Budget(name, quota, windowSeconds, Math.max(0, Math.min(quota, remaining)));
		for (int i = 0; i < this.budgets.size(); i++) {
			if (this.budgets.get(i).name.equals(name)) {
				this.budgets.set(i, budget);
				return;
			}
		}
		this.budgets.add(budget);
	}

	/** The work of reading the document, paid for before its validation. */
	synchronized void paidForReading(long work) {
		this.paidForReading += work;
	}

	synchronized long paidForReading() {
		return this.paidForReading;
	}

	synchronized void refused(long retryAfterSeconds) {
		this.retryAfterSeconds = retryAfterSeconds;
	}

	synchronized void writeTo(HttpHeaders headers) {
		if (this.budgets.isEmpty()) {
			return;
		}
		headers.set("RateLimit-Policy",
				this.budgets.stream()
					.map((budget) -> "\"" + budget.name + "\";q=" + budget.quota + ";w=" + budget.windowSeconds)
					.collect(Collectors.joining(", ")));
		headers.set("RateLimit", this.budgets.stream()
			.map((budget) -> "\"" + budget.name + "\";r=" + budget.remaining + ";t=" + budget.secondsUntilFull())
			.collect(Collectors.joining(", ")));
		if (this.retryAfterSeconds >= 0) {
			headers.set(HttpHeaders.RETRY_AFTER, String.valueOf(this.retryAfterSeconds));
		}
	}

	private record Budget(String name, long quota, long windowSeconds, long remaining) {

		/** The budget fills evenly over the window. */
		long secondsUntilFull() {
			return (long) Math.ceil((double) (this.quota - this.remaining) * this.windowSeconds / this.quota);
		}

	}

}
