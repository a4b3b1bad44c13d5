package dev.svc.sample.spa;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
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

import dev.svc.graphql.test.SlowClients;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients that send the head of a query and one byte of its body, then nothing. Fewer of
 * them than the requests the sample keeps in progress at once
 * ({@code server.tomcat.threads.max}, on virtual threads too) hold nobody up: a normal
 * query answers while they all still wait. More of them hold up the requests behind them
 * until Tomcat's read timeout (10 s, as the sample sets it) cuts their bodies, which
 * frees their places; the query answers then.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class SlowClientsTests {

	@LocalServerPort
	private int port;

	@Value("${server.tomcat.threads.max}")
	private int requestsAtOnce;

	private final List<Socket> slow = new ArrayList<>();

	@AfterEach
	void close() throws IOException {
		for (Socket socket : this.slow) {
			socket.close();
		}
	}

	@Test
	void shouldAnswerANormalQueryWhileFewerSlowClientsThanItsPlacesHoldTheirBodies()
			throws IOException, InterruptedException {
		openSlowClients(this.requestsAtOnce - 10);
		assertThat(normalQuery().body()).isEqualTo("{\"data\":{\"__typename\":\"Query\"}}");
		assertThat(cut()).as("slow clients answered (cut at the read timeout) before the query was").isZero();
	}

	@Test
	void shouldAnswerANormalQueryOnceTheReadTimeoutCutsSlowClientsBeyondItsPlaces()
			throws IOException, InterruptedException {
		openSlowClients(this.requestsAtOnce + 50);
		assertThat(normalQuery().body()).isEqualTo("{\"data\":{\"__typename\":\"Query\"}}");
		// the query waited for places, which only the cut slow clients gave back: on
		// virtual threads without a bound it would have answered at once
		assertThat(cut()).as("slow clients cut at the read timeout before the query was answered").isPositive();
		Socket first = this.slow.get(0);
		first.setSoTimeout((int) Duration.ofSeconds(30).toMillis());
		assertThat(new String(first.getInputStream().readNBytes(12), StandardCharsets.US_ASCII))
			.isEqualTo("HTTP/1.1 408");
	}

	@Test
	void shouldAnswerANormalClientBeside500SlowConnectionsFromOneAddress() throws Exception {
		try (SlowClients slow = SlowClients.open(this.port, "/graphql", 1, 500)) {
			assertThat(slow.assertNormalClientServed("/graphql")).isPositive();
		}
	}

	@Test
	void shouldAnswerANormalClientBeside25SlowConnectionsFromEachOf20Addresses() throws Exception {
		try (SlowClients slow = SlowClients.open(this.port, "/graphql", 20, 25)) {
			assertThat(slow.assertNormalClientServed("/graphql")).isPositive();
		}
	}

	@Test
	void shouldCloseAConnectionWhoseBodyNobodyReadsAtItsNextByte() throws IOException {
		// a GET with a body that trickles in: after the answer Tomcat would drain the
		// body, a byte every few seconds holding the request's place for good
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 5_000);
			socket.setSoTimeout(5_000);
			OutputStream out = socket.getOutputStream();
			out.write("GET /actuator/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1000000\r\n\r\n{"
				.getBytes(StandardCharsets.US_ASCII));
			out.flush();
			InputStream in = socket.getInputStream();
			assertThat(new String(in.readNBytes(12), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 200");
			out.write('"');
			out.flush();
			// to the end of the stream: the server closed the connection
			in.readAllBytes();
		}
	}

	private void openSlowClients(int count) throws IOException {
		for (int i = 0; i < count; i++) {
			Socket socket = new Socket();
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 5_000);
			socket.getOutputStream()
				.write(("POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
						+ "Content-Length: 1000\r\n\r\n{")
					.getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			this.slow.add(socket);
		}
	}

	// a bound, not a timing: without the defences the query waits for Tomcat's default 60
	// s
	private HttpResponse<String> normalQuery() throws IOException, InterruptedException {
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/graphql"))
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"{ __typename }\"}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).isEqualTo(200);
		return answer;
	}

	private int cut() throws IOException {
		int cut = 0;
		for (Socket socket : this.slow) {
			cut += (socket.getInputStream().available() > 0) ? 1 : 0;
		}
		return cut;
	}

}
