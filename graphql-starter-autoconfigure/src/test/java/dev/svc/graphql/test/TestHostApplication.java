package dev.svc.graphql.test;

import dev.svc.graphql.container.TestHandlers;

import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Import;

/**
 * The smallest host: the module's auto-configuration, the test handlers, and whatever
 * database the build chose, migrated with the module's schema and demo data.
 */
@SpringBootConfiguration
@EnableAutoConfiguration
@Import(TestHandlers.GreetingConfiguration.class)
public class TestHostApplication {

	public static final String[] PROPERTIES = { "graphql.enabled=true",
			"spring.graphql.schema.locations=classpath:graphql-test/", "graphql.identity.demo-data=true" };

}
