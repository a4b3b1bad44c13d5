package dev.svc.sample.spa;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.test.OnEveryJdk;
import dev.svc.graphql.test.SlowClients;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients that send their query's body a byte a second, over 500 connections from one
 * address or 25 from each of 20 addresses, opened again as soon as they are answered: a
 * normal client's queries answer at once all along, on Java 17's platform threads as on
 * virtual threads (the module's {@code RequestPlacesFilter}; its own tests are
 * {@code RequestPlacesTests}). And a body nobody reads does not hold its request's
 * thread.
 */
@OnEveryJdk
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class SlowClientsTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldAnswerANormalClientBeside500SlowConnectionsFromOneAddress() throws Exception {
		try (SlowClients slow = SlowClients.open(this.port, "/graphql", 1, 500)) {
			assertThat(slow.assertNormalClientServed()).isPositive();
		}
	}

	@Test
	void shouldAnswerANormalClientBeside25SlowConnectionsFromEachOf20Addresses() throws Exception {
		try (SlowClients slow = SlowClients.open(this.port, "/graphql", 20, 25)) {
			assertThat(slow.assertNormalClientServed()).isPositive();
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

}
