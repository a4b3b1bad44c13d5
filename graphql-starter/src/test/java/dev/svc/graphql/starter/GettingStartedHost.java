package dev.svc.graphql.starter;

import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A new host, built from exactly what {@code docs/getting-started.md} lists: the starter,
 * a database driver, a few properties ({@code application-getting-started.properties})
 * and a handler of its own. No security configuration, no migrations, no schema of the
 * module's.
 */
@SpringBootApplication
class GettingStartedHost {

	@Bean
	QueryHandler<String> helloQueryHandler() {
		return new QueryHandler<>() {

			@Override
			public String fieldName() {
				return "hello";
			}

			@Override
			public String resolve(QueryContext context) {
				return "Hello, " + (context.user().isAuthenticated() ? context.user().userName() : "stranger") + "!";
			}

		};
	}

}
