package dev.svc.graphql.web;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Boot's schema printer, on a host that keeps Spring Boot's default security, follows the
 * introspection rule: open while introspection is on. (Spring Boot switches introspection off for
 * the whole JVM, so the "off" case cannot run beside the other tests of this JVM.)
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"spring.graphql.schema.printer.enabled=true", "graphql.introspection=everyone" })
class SchemaPrinterTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldPrintTheSchemaToAnybodyWhileIntrospectionIsOn() {
		Response schema = new HttpTestClient(this.port).get("/graphql/schema");
		assertThat(schema.status()).isEqualTo(200);
		assertThat(schema.body()).contains("type Query {").contains("greeting(name: String): String!");
	}

}
