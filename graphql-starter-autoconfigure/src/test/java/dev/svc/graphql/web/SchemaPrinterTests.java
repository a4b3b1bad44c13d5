package dev.svc.graphql.web;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Boot's schema printer, on a host that keeps Spring Boot's default security,
 * follows the introspection rule: open while introspection is on. (Spring Boot switches
 * introspection off for the whole JVM, so the "off" case cannot run beside the other
 * tests of this JVM.)
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"spring.graphql.schema.printer.enabled=true", "graphql.introspection=everyone" })
@AutoConfigureMockMvc
class SchemaPrinterTests {

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldPrintTheSchemaToAnybodyWhileIntrospectionIsOn() {
		assertThat(this.mvc.get().uri("/graphql/schema")).hasStatus(200)
			.bodyText()
			.contains("type Query {")
			.contains("greeting(name: String): String!");
	}

}
