package dev.svc.graphql.web;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The GraphQL endpoint ({@code graphql.enabled}, {@code graphql.path}). Relaxed binding
 * applies, so {@code GraphQL.Enabled}, {@code graphql.enabled} and
 * {@code GRAPHQL_ENABLED} all set the same switch.
 */
@ConfigurationProperties("graphql")
public class GraphQlEndpointProperties {

	/**
	 * Whether the GraphQL query endpoint is served. It switches Spring Boot's GraphQL
	 * auto-configuration as a whole: when false, no GraphQL bean is created and the
	 * endpoint path answers 404, while sign-in, identity data and the audit log keep
	 * working.
	 */
	private boolean enabled;

	/**
	 * Path of the GraphQL query endpoint. When set it wins over spring.graphql.http.path;
	 * when not, Spring Boot's setting applies, whose default is /graphql.
	 */
	private @Nullable String path;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable String getPath() {
		return this.path;
	}

	public void setPath(@Nullable String path) {
		this.path = path;
	}

}
