package dev.svc.graphql.test;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Clients that post a body of 1,000 bytes to a path a byte a second, from addresses of
 * their own (Linux's loopback answers every 127.x.y.z address), each with an
 * {@code X-Forwarded-For} naming yet another address, which an app that trusts no proxy
 * ignores. A connection the server answers or closes is opened again at once, as an
 * attacker would, so the slow clients are always as many. Beside them a normal client on
 * 127.0.0.1 asks {@code { __typename }} again and again:
 * {@link #assertNormalClientServed} fails at the first answer that is not a 200 within a
 * second.
 */
public final class SlowClients implements AutoCloseable {

	/** How long the normal client is watched: past the rate check's grace of 5 s. */
	public static final Duration WINDOW = Duration.ofSeconds(12);

	private static final Duration ANSWER_WITHIN = Duration.ofSeconds(1);

	private final int port;

	private final String path;

	private final List<Slow> sockets = new ArrayList<>();

	private final Thread trickle;

	private final AtomicInteger reopened = new AtomicInteger();

	// the normal client keeps its connection, as a browser or an app does: what is
	// measured is the server's answer, not how soon it accepts yet another connection
	// on a machine that a parallel build keeps busy
	private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(30)).build();

	private volatile boolean closed;

	private SlowClients(int port, String path, int addresses, int perAddress) throws IOException, InterruptedException {
		this.port = port;
		this.path = path;
		// the first query of a fresh app warms it up: its time is not what is measured
		query(Duration.ofSeconds(30));
		for (int address = 0; address < addresses; address++) {
			String local = (addresses == 1) ? "127.0.0.5" : "127.0.1." + (address + 1);
			for (int i = 0; i < perAddress; i++) {
				Slow slow = new Slow(local, this.sockets.size());
				slow.open();
				this.sockets.add(slow);
			}
		}
		this.trickle = new Thread(this::trickle, "slow-clients");
		this.trickle.setDaemon(true);
		this.trickle.start();
	}

	/**
	 * Opens the slow clients and keeps them trickling until closed.
	 * @param port the app's port
	 * @param path the GraphQL endpoint's path, which they and the normal client post to
	 * @param addresses how many client addresses (1: 127.0.0.5; more: 127.0.1.1 and on)
	 * @param perAddress how many connections from each
	 * @return the clients, to close
	 * @throws IOException if a connection cannot be opened
	 * @throws InterruptedException if interrupted while warming up
	 */
	public static SlowClients open(int port, String path, int addresses, int perAddress)
			throws IOException, InterruptedException {
		return new SlowClients(port, path, addresses, perAddress);
	}

	/**
	 * Asks {@code { __typename }} of the GraphQL endpoint from 127.0.0.1, one query after
	 * the other, for {@link #WINDOW}; each must answer 200 within a second.
	 * @return how many queries answered
	 */
	public int assertNormalClientServed() throws InterruptedException {
		long end = System.nanoTime() + WINDOW.toNanos();
		int answered = 0;
		while (System.nanoTime() - end < 0) {
			long started = System.nanoTime();
			HttpResponse<String> answer;
			try {
				answer = query(ANSWER_WITHIN);
			}
			catch (IOException ex) {
				fail("After %d answered queries (%d slow connections reopened), the normal client's query failed: %s",
						answered, this.reopened.get(), ex);
				return answered;
			}
			assertThat(answer.statusCode())
				.as("query %d after %d ms (body %s)", answered + 1, (System.nanoTime() - started) / 1_000_000,
						answer.body())
				.isEqualTo(200);
			assertThat(answer.body()).isEqualTo("{\"data\":{\"__typename\":\"Query\"}}");
			answered++;
			Thread.sleep(50);
		}
		return answered;
	}

	private HttpResponse<String> query(Duration within) throws IOException, InterruptedException {
		return this.client.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + this.path))
			.timeout(within)
			.header("Content-Type", "application/json")
			.POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"{ __typename }\"}"))
			.build(), HttpResponse.BodyHandlers.ofString());
	}

	/**
	 * How many slow connections were answered or closed by the server and opened again.
	 * @return the count so far
	 */
	public int reopened() {
		return this.reopened.get();
	}

	private void trickle() {
		while (!this.closed) {
			for (Slow slow : this.sockets) {
				if (this.closed) {
					return;
				}
				slow.next();
			}
			try {
				Thread.sleep(1000);
			}
			catch (InterruptedException ex) {
				return;
			}
		}
	}

	@Override
	public void close() throws InterruptedException {
		this.closed = true;
		this.trickle.interrupt();
		this.trickle.join(10_000);
		for (Slow slow : this.sockets) {
			slow.close();
		}
	}

	private final class Slow {

		private final String local;

		private final int index;

		private Socket socket;

		Slow(String local, int index) {
			this.local = local;
			this.index = index;
		}

		void open() throws IOException {
			this.socket = new Socket();
			this.socket.bind(new InetSocketAddress(this.local, 0));
			this.socket.connect(new InetSocketAddress("127.0.0.1", SlowClients.this.port), 5_000);
			this.socket.getOutputStream()
				.write(("POST " + SlowClients.this.path + " HTTP/1.1\r\nHost: localhost\r\n"
						+ "Content-Type: application/json\r\nX-Forwarded-For: 203.0.113." + (this.index % 250) + "\r\n"
						+ "Content-Length: 1000\r\n\r\n{")
					.getBytes(StandardCharsets.US_ASCII));
			this.socket.getOutputStream().flush();
		}

		// a byte more; an answered or closed connection is opened again
		void next() {
			try {
				if (this.socket.getInputStream().available() > 0) {
					throw new IOException("answered");
				}
				this.socket.getOutputStream().write(' ');
				this.socket.getOutputStream().flush();
			}
			catch (IOException ex) {
				close();
				try {
					open();
					SlowClients.this.reopened.incrementAndGet();
				}
				catch (IOException notNow) {
					// the server's backlog is full: next round
				}
			}
		}

		void close() {
			try {
				this.socket.close();
			}
			catch (IOException ex) {
				// closing anyway
			}
		}

	}

}
