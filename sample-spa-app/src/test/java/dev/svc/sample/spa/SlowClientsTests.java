package dev.svc.sample.spa;

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

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.thread.Threading;
import org.springframework.core.env.Environment;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * 300 clients, more than Tomcat's 200 platform request threads, each sending the head of
 * a query and one byte of its body, then nothing: a normal query still answers. On Java
 * 21 and newer the sample runs on virtual threads, and the query answers while the slow
 * clients are all still waiting; on Java 17 their bodies are refused once Tomcat's read
 * timeout passes (10 s, as the sample sets it), which frees the threads they held, and
 * the query answers then.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class SlowClientsTests {

	private static final int SLOW_CLIENTS = 300;

	@LocalServerPort
	private int port;

	@Autowired
	private Environment environment;

	private final List<Socket> slow = new ArrayList<>();

	@AfterEach
	void close() throws IOException {
		for (Socket socket : this.slow) {
			socket.close();
		}
	}

	@Test
	void shouldAnswerANormalQueryWhileSlowClientsHoldTheirBodies() throws IOException, InterruptedException {
		for (int i = 0; i < SLOW_CLIENTS; i++) {
			Socket socket = new Socket();
			socket.connect(new InetSocketAddress("127.0.0.1", this.port), 5_000);
			socket.getOutputStream()
				.write(("POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
						+ "Content-Length: 1000\r\n\r\n{")
					.getBytes(StandardCharsets.US_ASCII));
			socket.getOutputStream().flush();
			this.slow.add(socket);
		}
		// a bound, not a timing: without the defences the query waits for Tomcat's
		// default 60 s
		HttpResponse<String> answer = HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + this.port + "/graphql"))
				.timeout(Duration.ofSeconds(30))
				.header("Content-Type", "application/json")
				.POST(HttpRequest.BodyPublishers.ofString("{\"query\": \"{ __typename }\"}"))
				.build(), HttpResponse.BodyHandlers.ofString());
		assertThat(answer.statusCode()).isEqualTo(200);
		assertThat(answer.body()).isEqualTo("{\"data\":{\"__typename\":\"Query\"}}");
		if (Threading.VIRTUAL.isActive(this.environment)) {
			int waiting = 0;
			for (Socket socket : this.slow) {
				waiting += (socket.getInputStream().available() == 0) ? 1 : 0;
			}
			assertThat(waiting).as("slow clients not answered yet, on virtual threads").isEqualTo(SLOW_CLIENTS);
		}
		else {
			Socket first = this.slow.get(0);
			first.setSoTimeout((int) Duration.ofSeconds(30).toMillis());
			byte[] head = first.getInputStream().readNBytes(12);
			assertThat(new String(head, StandardCharsets.US_ASCII)).as("refused after the read timeout, on Java 17")
				.isEqualTo("HTTP/1.1 408");
		}
	}

}
