package dev.svc.graphql;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The module's switch, its endpoint's path, and what the schema and errors tell
 * ({@code graphql.*}). Relaxed binding applies, so {@code GraphQL.Enabled},
 * {@code graphql.enabled} and {@code GRAPHQL_ENABLED} all set the same switch.
 */
@ConfigurationProperties("graphql")
public class SvcGraphQlProperties {

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

	/**
	 * Who may introspect the schema, and read it from Spring Boot's schema printer:
	 * everyone, signed-in users only (so the playground completes for them while
	 * anonymous callers learn nothing), or never.
	 */
	private Introspection introspection = Introspection.SIGNED_IN;

	/**
	 * Whether error messages carry the exception chain and stack trace (the "debug build"
	 * mode). Never enable it in production: it tells clients about the server's
	 * internals.
	 */
	private boolean exposeExceptionDetails;

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

	public Introspection getIntrospection() {
		return this.introspection;
	}

	public void setIntrospection(Introspection introspection) {
		this.introspection = introspection;
	}

	public boolean isExposeExceptionDetails() {
		return this.exposeExceptionDetails;
	}

	public void setExposeExceptionDetails(boolean exposeExceptionDetails) {
		this.exposeExceptionDetails = exposeExceptionDetails;
	}

}
