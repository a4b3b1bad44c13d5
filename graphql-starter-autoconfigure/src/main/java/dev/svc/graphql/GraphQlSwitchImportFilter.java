package dev.svc.graphql;

import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Leaves Spring Boot's GraphQL auto-configurations out while {@code graphql.enabled} is
 * off, so the endpoint answers 404 even with schema files; a non-boolean value fails the
 * start-up with Boot's binding report rather than silently counting as off.
 */
final class GraphQlSwitchImportFilter implements AutoConfigurationImportFilter, EnvironmentAware {

	private static final String BOOT_GRAPHQL = "org.springframework.boot.graphql.autoconfigure.";

	private @Nullable Environment environment;

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public boolean[] match(@Nullable String[] autoConfigurationClasses, AutoConfigurationMetadata metadata) {
		boolean enabled = Binder.get(Objects.requireNonNull(this.environment, "environment"))
			.bind("graphql.enabled", Boolean.class)
			.orElse(false);
		boolean[] matches = new boolean[autoConfigurationClasses.length];
		for (int i = 0; i < autoConfigurationClasses.length; i++) {
			String candidate = autoConfigurationClasses[i];
			matches[i] = enabled || candidate == null || !candidate.startsWith(BOOT_GRAPHQL);
		}
		return matches;
	}

}
