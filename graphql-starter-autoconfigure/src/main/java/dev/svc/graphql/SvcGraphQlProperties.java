package dev.svc.graphql;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * The module's switch, endpoint path, and what the schema and errors tell; relaxed
 * binding lets {@code GraphQL.Enabled} and {@code GRAPHQL_ENABLED} set
 * {@code graphql.enabled}.
 */
@ConfigurationProperties("graphql")
public class SvcGraphQlProperties {

	/**
	 * Whether the GraphQL endpoint is served. When false, no GraphQL bean is created and
	 * the path answers 404; sign-in, identity data and the audit log keep working.
	 */
	private boolean enabled;

	/** GraphQL endpoint path; wins over spring.graphql.http.path (default /graphql). */
	private @Nullable String path;

	/**
	 * Whether the playground page is served (with graphql.enabled); when false its path
	 * answers 404.
	 */
	private boolean playgroundEnabled;

	/**
	 * Who may introspect the schema and read it from the schema printer; signed-in only
	 * lets the playground complete while anonymous callers learn nothing.
	 */
	private Introspection introspection = Introspection.SIGNED_IN;

	/**
	 * Whether error messages carry the exception chain and stack trace. Never in
	 * production: it tells clients about the server's internals.
	 */
	private boolean exposeExceptionDetails;

	/**
	 * Heap that the module's caches may hold together (parsed documents, sessions
	 * checked, permissions, access tokens, tenants), each its share, weighed in bytes;
	 * what is let go is read or parsed again when next needed.
	 */
	private DataSize memoryBudget = DataSize.ofMegabytes(64);

	/**
	 * Where what every instance shares is kept: the counters (rate limits, sign-in
	 * throttle, code sends, audit quotas) and the texts of automatic persisted queries.
	 * Unset: Redis when the host has Spring Boot's Redis with Lettuce, else the module's
	 * tables, else each instance's memory.
	 */
	private @Nullable SharedStore sharedStore;

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

	public boolean isPlaygroundEnabled() {
		return this.playgroundEnabled;
	}

	public void setPlaygroundEnabled(boolean playgroundEnabled) {
		this.playgroundEnabled = playgroundEnabled;
	}

	public Introspection getIntrospection() {
		return this.introspection;
	}

	public void setIntrospection(Introspection introspection) {
		this.introspection = introspection;
	}

	public DataSize getMemoryBudget() {
		return this.memoryBudget;
	}

	public void setMemoryBudget(DataSize memoryBudget) {
		this.memoryBudget = memoryBudget;
	}

	public @Nullable SharedStore getSharedStore() {
		return this.sharedStore;
	}

	public void setSharedStore(@Nullable SharedStore sharedStore) {
		this.sharedStore = sharedStore;
	}

	public boolean isExposeExceptionDetails() {
		return this.exposeExceptionDetails;
	}

	public void setExposeExceptionDetails(boolean exposeExceptionDetails) {
		this.exposeExceptionDetails = exposeExceptionDetails;
	}

	/**
	 * Where what every instance shares is kept.
	 */
	public enum SharedStore {

		/** Redis, through Spring Boot's Lettuce connection factory. */
		REDIS,

		/**
		 * The module's tables ({@code svc_rate_limit_buckets},
		 * {@code svc_persisted_queries}).
		 */
		DATABASE,

		/** Each instance's own memory: for one instance only. */
		MEMORY

	}

}
