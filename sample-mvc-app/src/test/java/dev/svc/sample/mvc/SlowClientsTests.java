package dev.svc.sample.mvc;

import dev.svc.graphql.test.OnEveryJdk;
import dev.svc.graphql.test.SlowClients;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Clients that send their query's body a byte a second, over many connections from one
 * address or from many, beside a normal client: the normal client's queries answer at
 * once all along, on Java 17's platform threads as on virtual threads (the SPA sample's
 * {@code SlowClientsTests} has the same and more).
 */
@OnEveryJdk
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-mvc-slow-clients" })
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

}
