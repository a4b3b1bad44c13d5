package dev.svc.graphql.limits;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Limits that refuse an abusive request cheaply: the body before it is read, the document
 * before it is validated. Defaults are at least as strict as graphql-armor's.
 */
@ConfigurationProperties("graphql.limits")
public class RequestLimitsProperties {

	/**
	 * Largest request body of the GraphQL endpoint, refused with 413 before it is read;
	 * also the longest query document, in characters, however it comes (a GET, a hash).
	 */
	private DataSize maxRequestSize = DataSize.ofKilobytes(64);

	/**
	 * Longest time a query may run; it then stops at its next field and answers
	 * QUERY_TIMEOUT.
	 */
	private Duration timeout = Duration.ofSeconds(10);

	/** Most tokens (names, punctuators, values) a query document may have. */
	private int maxTokens = 1000;

	/** Deepest nesting of fields; fields of the introspection system do not count. */
	private int maxQueryDepth = 6;

	/**
	 * Highest cost a query may have, checked before it runs: a field costs 1 plus what it
	 * selects, a list field with a page size (users: maxResultCount) that times as much.
	 * Also the most fields a query may select, fragments expanded, checked before its
	 * validation.
	 */
	private int maxCost = 5000;

	public DataSize getMaxRequestSize() {
		return this.maxRequestSize;
	}

	public void setMaxRequestSize(DataSize maxRequestSize) {
		this.maxRequestSize = maxRequestSize;
	}

	public Duration getTimeout() {
		return this.timeout;
	}

	public void setTimeout(Duration timeout) {
		this.timeout = timeout;
	}

	public int getMaxTokens() {
		return this.maxTokens;
	}

	public void setMaxTokens(int maxTokens) {
		this.maxTokens = maxTokens;
	}

	public int getMaxQueryDepth() {
		return this.maxQueryDepth;
	}

	public void setMaxQueryDepth(int maxQueryDepth) {
		this.maxQueryDepth = maxQueryDepth;
	}

	public int getMaxCost() {
		return this.maxCost;
	}

	public void setMaxCost(int maxCost) {
		this.maxCost = maxCost;
	}

}
