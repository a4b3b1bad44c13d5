package dev.svc.graphql.limits;

import java.io.IOException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.error.ErrorCode;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;

/**
 * Request places that slow clients cannot hold. Of the {@code threads} requests the
 * server runs at once ({@code server.tomcat.threads.max}), a third work at once: a
 * request takes one of these places when it comes in and holds it while it works, but
 * gives it back whenever it waits for bytes of its body that have not arrived, and takes
 * one again when they have. Bodies arriving (a request waiting for its client) take at
 * most the other two thirds, and one client address ({@link ClientAddress}, an IPv6
 * client by its /64) at most a thirty-sixth: past those, the request is refused at once
 * (503, {@code RATE_LIMITED} for the address, {@code SERVICE_UNAVAILABLE} for all;
 * {@code Retry-After}, {@code Connection: close}, the body left unread). A body that,
 * once it has kept its request waiting 5 s, has come slower than 240 bytes a second
 * (Kestrel's {@code MinRequestBodyDataRate}) is cut with 408; one that stops coming is
 * Tomcat's to cut, after {@code server.tomcat.connection-timeout}. So slow clients hold
 * no place a working request needs, and a few addresses cannot hold all the threads.
 * Applies to every request the server dispatches, the host's too, without buffering
 * bodies; form and multipart bodies the container parses itself (a {@code getParameter}
 * call) it does not see.
 */
final class RequestPlacesFilter implements Filter {

	/** A body must come at least this fast, in bytes a second, ... */
	static final int MIN_BYTES_PER_SECOND = 240;

	/** ... once its request has waited this long for it, in seconds. */
	static final int GRACE_SECONDS = 5;

	private static final String RETRY_AFTER_SECONDS = "5";

	private final Semaphore places;

	private final int arrivingAtMost;

	private final int arrivingPerAddress;

	private final AtomicInteger arriving = new AtomicInteger();

	private final ConcurrentHashMap<String, AtomicInteger> arrivingByAddress = new ConcurrentHashMap<>();

	private final String graphQlPath;

	/**
	 * Creates the filter.
	 * @param threads how many requests the server runs at once
	 * @param graphQlPath the GraphQL endpoint's path, whose refusals are GraphQL errors
	 */
	RequestPlacesFilter(int threads, String graphQlPath) {
		int total = Math.max(threads, 3);
		this.places = new Semaphore(total / 3, true);
		this.arrivingAtMost = total - total / 3;
		this.arrivingPerAddress = Math.max(total / 36, 1);
		this.graphQlPath = graphQlPath;
	}

	int places() {
		return this.places.availablePermits();
	}

	int arriving() {
		return this.arriving.get();
	}

	@Override
	public void doFilter(ServletRequest request, ServletResponse response, FilterChain chain)
			throws IOException, ServletException {
		if (!(request instanceof HttpServletRequest http) || !(response instanceof HttpServletResponse answer)) {
			chain.doFilter(request, response);
			return;
		}
		Place place = new Place(http, answer);
		boolean body = http.getContentLengthLong() > 0 || http.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
		try {
			// an address that has all the bodies on their way it may: refused before
			// anything else runs, so that a flood of them costs next to nothing
			if (body && place.addressFull()) {
				place.refuseForAddress();
			}
			if (!place.take()) {
				return;
			}
			if (body) {
				chain.doFilter(place.request(), response);
			}
			else {
				chain.doFilter(request, response);
			}
		}
		catch (IOException | ServletException | RuntimeException ex) {
			// the body reader's failure, after the refusal was sent
			if (!place.refused) {
				throw ex;
			}
		}
		finally {
			place.leave();
		}
	}

	// one request's place, and its body's way in
	private final class Place {

		private final HttpServletRequest request;

		private final HttpServletResponse response;

		private final String address;

		private boolean held;

		private boolean arriving;

		private boolean refused;

		Place(HttpServletRequest request, HttpServletResponse response) {
			this.request = request;
			this.response = response;
			String literal = ClientAddress.of(request);
			this.address = (literal != null) ? ClientAddress.network(literal) : "unknown";
		}

		boolean take() throws IOException {
			try {
				RequestPlacesFilter.this.places.acquire();
				this.held = true;
				return true;
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				refuse(HttpStatus.SERVICE_UNAVAILABLE, ErrorCode.SERVICE_UNAVAILABLE,
						"The server stopped while the request waited for its turn.");
				return false;
			}
		}

		HttpServletRequest request() {
			return new HttpServletRequestWrapper(this.request) {

				private @Nullable ServletInputStream stream;

				@Override
				public ServletInputStream getInputStream() throws IOException {
					if (this.stream == null) {
						this.stream = new Body(super.getInputStream(), Place.this);
					}
					return this.stream;
				}

			};
		}

		// about to wait for the client: counted as arriving (or refused), the place given
		// back
		void waitForClient() throws IOException {
			if (!this.arriving) {
				this.arriving = true;
				int all = RequestPlacesFilter.this.arriving.incrementAndGet();
				int mine = RequestPlacesFilter.this.arrivingByAddress
					.computeIfAbsent(this.address, (key) -> new AtomicInteger())
					.incrementAndGet();
				if (mine > RequestPlacesFilter.this.arrivingPerAddress) {
					refuseForAddress();
				}
				if (all > RequestPlacesFilter.this.arrivingAtMost) {
					refuse(HttpStatus.SERVICE_UNAVAILABLE, ErrorCode.SERVICE_UNAVAILABLE,
							"The server waits for as many request bodies as it can: this request was refused"
									+ " before its body arrived. Try again shortly.");
				}
			}
			release();
		}

		boolean addressFull() {
			AtomicInteger mine = RequestPlacesFilter.this.arrivingByAddress.get(this.address);
			return mine != null && mine.get() >= RequestPlacesFilter.this.arrivingPerAddress;
		}

		void refuseForAddress() throws IOException {
			refuse(HttpStatus.SERVICE_UNAVAILABLE, ErrorCode.RATE_LIMITED,
					"This client address already has " + RequestPlacesFilter.this.arrivingPerAddress
							+ " request bodies on their way, the most one address may: this request was refused"
							+ " before its body was read. Send each body whole and at once, or fewer requests at"
							+ " a time.");
		}

		// the client sent something: the place taken again
		void resume() throws IOException {
			if (!take()) {
				throw new IOException("Interrupted while waiting for a request place");
			}
		}

		void arrived() {
			if (this.arriving) {
				this.arriving = false;
				RequestPlacesFilter.this.arriving.decrementAndGet();
				RequestPlacesFilter.this.arrivingByAddress.computeIfPresent(this.address,
						(key, count) -> (count.decrementAndGet() > 0) ? count : null);
			}
		}

		void tooSlow(long bytes, long waitedNanos) throws IOException {
			refuse(HttpStatus.REQUEST_TIMEOUT, ErrorCode.BAD_REQUEST,
					"The request body came at " + (bytes * 1_000_000_000L / waitedNanos) + " bytes a second, under the "
							+ MIN_BYTES_PER_SECOND + " the server waits for once " + GRACE_SECONDS
							+ " seconds have passed: send the body at once.");
		}

		void leave() {
			arrived();
			release();
		}

		private void release() {
			if (this.held) {
				this.held = false;
				RequestPlacesFilter.this.places.release();
			}
		}

		private void refuse(HttpStatus status, String code, String message) throws IOException {
			this.refused = true;
			RequestBodyLimitFilter.refuse(this.request, this.response, status, code, message,
					this.request.getRequestURI().equals(RequestPlacesFilter.this.graphQlPath),
					(status != HttpStatus.REQUEST_TIMEOUT) ? RETRY_AFTER_SECONDS : null);
			throw new IOException(message);
		}

	}

	// the body as the request reads it: a read that would wait for the client gives the
	// place back for as long as it waits
	private static final class Body extends ReadThroughBody {

		private final Place place;

		private long bytes;

		private long waitedNanos;

		Body(ServletInputStream body, Place place) {
			super(body);
			this.place = place;
		}

		@Override
		public int read() throws IOException {
			if (mayWait()) {
				long started = this.waitStarted();
				int next = this.body.read();
				return waited(started, (next >= 0) ? 1 : -1, next);
			}
			int next = this.body.read();
			count((next >= 0) ? 1 : -1);
			return next;
		}

		@Override
		public int read(byte[] buffer, int offset, int length) throws IOException {
			if (length == 0) {
				return 0;
			}
			if (mayWait()) {
				long started = this.waitStarted();
				int count = this.body.read(buffer, offset, length);
				return waited(started, count, count);
			}
			int count = this.body.read(buffer, offset, length);
			count(count);
			return count;
		}

		private boolean mayWait() throws IOException {
			return !this.body.isFinished() && this.body.available() == 0;
		}

		private long waitStarted() throws IOException {
			this.place.waitForClient();
			return System.nanoTime();
		}

		private int waited(long started, int count, int result) throws IOException {
			this.waitedNanos += System.nanoTime() - started;
			count(count);
			if (this.waitedNanos > TimeUnit.SECONDS.toNanos(GRACE_SECONDS) && count >= 0
					&& this.bytes * 1_000_000_000L < MIN_BYTES_PER_SECOND * this.waitedNanos) {
				this.place.tooSlow(this.bytes, this.waitedNanos);
			}
			this.place.resume();
			return result;
		}

		private void count(int count) {
			if (count < 0) {
				this.place.arrived();
				return;
			}
			this.bytes += count;
			long length = this.place.request.getContentLengthLong();
			if (length >= 0 && this.bytes >= length) {
				this.place.arrived();
			}
		}

	}

}
