package dev.svc.graphql;

import java.util.Objects;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.autoconfigure.AutoConfigurationImportFilter;
import org.springframework.boot.autoconfigure.AutoConfigurationMetadata;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

/**
 * Makes {@code graphql.enabled} the switch of the one GraphQL endpoint: while it is off,
 * Spring Boot's GraphQL auto-configurations are left out, so the endpoint answers 404
 * even when the host has schema files, and nothing else of the host changes. A value that
 * is not a boolean stops the start-up with Spring Boot's binding report instead of
 * silently counting as off.
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
