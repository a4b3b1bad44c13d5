package dev.svc.graphql.web;

import dev.svc.graphql.test.TestHostRunner;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;

import static dev.svc.graphql.test.MockMvcRequests.mvc;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Boot's schema printer, on a host that keeps Spring Boot's default security,
 * follows the introspection rule: open while introspection is on. (Spring Boot switches
 * introspection off for the whole JVM, so the "off" case cannot run beside the other
 * tests of this JVM.)
 */
class SchemaPrinterTests {

	private final WebApplicationContextRunner contextRunner = TestHostRunner.web()
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.printer.enabled=true",
				"graphql.introspection=everyone");

	@Test
	void shouldPrintTheSchemaToAnybodyWhileIntrospectionIsOn() {
		this.contextRunner.run((context) -> assertThat(mvc(context).get().uri("/graphql/schema")).hasStatus(200)
			.bodyText()
			.contains("type Query {")
			.contains("greeting(name: String): String!"));
	}

}
