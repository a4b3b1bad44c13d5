package dev.svc.graphql;

import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Lets the product's {@code graphql.path} choose the path that Spring Boot's GraphQL endpoint is
 * served on: when it is set, it wins over {@code spring.graphql.http.path}.
 */
final class GraphQlPathEnvironmentPostProcessor implements EnvironmentPostProcessor {

	static final String PROPERTY_SOURCE_NAME = "svcGraphQlPath";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		Binder.get(environment)
			.bind("graphql.path", String.class)
			.ifBound((path) -> environment.getPropertySources()
				.addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, Map.of("spring.graphql.http.path", path))));
	}

}
