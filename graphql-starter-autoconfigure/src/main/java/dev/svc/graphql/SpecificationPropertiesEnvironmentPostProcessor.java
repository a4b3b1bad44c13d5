package dev.svc.graphql;

import java.util.HashMap;
import java.util.Map;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * The specification's name for the endpoint's path: {@code graphql.path} wins over
 * {@code spring.graphql.http.path}.
 */
final class SpecificationPropertiesEnvironmentPostProcessor implements EnvironmentPostProcessor {

	static final String PROPERTY_SOURCE_NAME = "svcSpecificationProperties";

	@Override
	public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
		Binder binder = Binder.get(environment);
		Map<String, Object> aliases = new HashMap<>();
		binder.bind("graphql.path", String.class).ifBound((path) -> aliases.put("spring.graphql.http.path", path));
		if (!aliases.isEmpty()) {
			environment.getPropertySources().addFirst(new MapPropertySource(PROPERTY_SOURCE_NAME, aliases));
		}
	}

}
