package dev.svc.graphql;

import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The specification's names for settings: {@code graphql.path} wins over
 * {@code spring.graphql.http.path}, and {@code graphql.playground-enabled}
 * ({@code GraphQL.PlaygroundEnabled}) applies when {@code graphql.playground.enabled} is
 * not set.
 */
final class SpecificationPropertiesEnvironmentPostProcessor implements EnvironmentPostProcessor {

	static final String PROPERTY_SOURCE_NAME = "svcSpecificationProperties";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		Binder binder = Binder.get(environment);
		Map<String, Object> aliases = new HashMap<>();
		binder.bind("graphql.path", String.class).ifBound((path) -> aliases.put("spring.graphql.http.path", path));
		if (!binder.bind("graphql.playground.enabled", String.class).isBound()) {
			binder.bind("graphql.playground-enabled", String.class)
				.ifBound((enabled) -> aliases.put("graphql.playground.enabled", enabled));
		}
		if (!aliases.isEmpty()) {
			environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, aliases));
		}
	}

}
