package dev.svc.graphql.limits;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntSupplier;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.servlet.FilterRegistrationBean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module's first filter, from outside over raw sockets (Tomcat's 200 threads by
 * default: 66 places, 5 bodies on their way per address): a request waiting for its body
 * holds no place; an address past its share is refused at once with 503, the connection
 * closed; a body that trickles in is cut with 408 once it has kept its request waiting 5
 * s.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/" })
class RequestPlacesTests {

	@LocalServerPort
	private int port;

	@Autowired
	private FilterRegistrationBean<RequestPlacesFilter> svcRequestPlaces;

	private final List<Socket> sockets = new ArrayList<>();

	@AfterEach
	void close() throws IOException {
		for (Socket socket : this.sockets) {
			socket.close();
		}
	}

	@Test
	void shouldHoldNoPlaceForBodiesOnTheirWayAndRefuseAnAddressPastItsShare() throws Exception {
		RequestPlacesFilter filter = this.svcRequestPlaces.getFilter();
		int places = filter.places();
		assertThat(places).isEqualTo(66);
		for (int i = 0; i < 5; i++) {
			slowPost("127.0.0.9");
		}
		waitFor(filter::arriving, 5);
		assertThat(filter.places()).as("places while five bodies are on their way").isEqualTo(places);
		Socket refused = slowPost("127.0.0.9");
		refused.setSoTimeout(10_000);
		String answer = new String(refused.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
		assertThat(answer).startsWith("HTTP/1.1 503")
			.contains("Retry-After: 5")
			.containsIgnoringCase("Connection: close")
			.contains("RATE_LIMITED")
			.contains("already has 5 request bodies on their way");
		// another address has a share of its own
		slowPost("127.0.0.10");
		waitFor(filter::arriving, 6);
	}

	@Test
	void shouldCutABodyThatComesSlowerThanTheMinimumRateOnceItsRequestWaited5Seconds() throws Exception {
		Socket socket = slowPost("127.0.0.11");
		InputStream in = socket.getInputStream();
		long started = System.nanoTime();
		// a byte every 200 ms (5 bytes a second) until the server answers
		for (int i = 0; i < 100 && in.available() == 0; i++) {
			Thread.sleep(200);
			socket.getOutputStream().write(' ');
		}
		socket.setSoTimeout(10_000);
		String answer = new String(in.readAllBytes(), StandardCharsets.UTF_8);
		assertThat(answer).startsWith("HTTP/1.1 408").contains("under the 240 the server waits for");
		assertThat(System.nanoTime() - started).as("cut after the grace").isGreaterThan(5_000_000_000L);
	}

	private Socket slowPost(String from) throws IOException {
		Socket socket = new Socket();
		this.sockets.add(socket);
		socket.bind(new InetSocketAddress(from, 0));
		socket.connect(new InetSocketAddress("127.0.0.1", this.port), 5_000);
		socket.getOutputStream()
			.write(("POST /graphql HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
					+ "Content-Length: 1000\r\n\r\n{")
				.getBytes(StandardCharsets.US_ASCII));
		socket.getOutputStream().flush();
		return socket;
	}

	private static void waitFor(IntSupplier value, int expected) throws InterruptedException {
		long deadline = System.nanoTime() + 10_000_000_000L;
		while (value.getAsInt() != expected && System.nanoTime() - deadline < 0) {
			Thread.sleep(20);
		}
		assertThat(value.getAsInt()).isEqualTo(expected);
	}

}
