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

	/** Largest request body of the GraphQL endpoint; a larger one is refused with 413. */
	private DataSize maxRequestSize = DataSize.ofKilobytes(64);

	/**
	 * Longest time a query may run; it then stops at its next field and answers
	 * QUERY_TIMEOUT (graphql.identity.query-timeout bounds the identity store's
	 * statements).
	 */
	private Duration timeout = Duration.ofSeconds(10);

	/** Longest query document, in characters; longer ones are refused before parsing. */
	private int maxQueryLength = 15_000;

	/** Most tokens (names, punctuators, values) a query document may have. */
	private int maxTokens = 1000;

	/** Deepest nesting of fields; fields of the introspection system do not count. */
	private int maxQueryDepth = 6;

	/** Most fields a query may select, each counted as often as it runs. */
	private int maxFields = 5000;

	/**
	 * Highest cost a query may have, checked before it runs: a field costs 1 plus what it
	 * selects, a list field with a page size (users: maxResultCount) that times as much.
	 */
	private int maxCost = 5000;

	/** Most aliases a query may have, fragments expanded. */
	private int maxAliases = 15;

	/** Most directives a query may have, fragments expanded. */
	private int maxDirectives = 50;

	/** Most fragment definitions a query document may have. */
	private int maxFragments = 100;

	/** Deepest nesting of fragment spreads. */
	private int maxFragmentDepth = 10;

	/**
	 * Heap the documents signed-in callers sent, and that passed the limits, may hold
	 * parsed and validated, so a repeated query skips both (and its cost, without
	 * variables) and may be named by hash (automatic persisted queries). Past it, the
	 * least used go; none expires, as passing depends on the text and schema alone.
	 */
	private DataSize documentCacheBudget = DataSize.ofMegabytes(8);

	/**
	 * Heap the documents anonymous callers sent may hold, apart, so they push out none
	 * signed-in callers use. 0 with document-cache-budget 0 keeps none: no hash is known.
	 */
	private DataSize anonymousDocumentCacheBudget = DataSize.ofMegabytes(2);

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

	public int getMaxQueryLength() {
		return this.maxQueryLength;
	}

	public void setMaxQueryLength(int maxQueryLength) {
		this.maxQueryLength = maxQueryLength;
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

	public int getMaxFields() {
		return this.maxFields;
	}

	public void setMaxFields(int maxFields) {
		this.maxFields = maxFields;
	}

	public int getMaxCost() {
		return this.maxCost;
	}

	public void setMaxCost(int maxCost) {
		this.maxCost = maxCost;
	}

	public int getMaxAliases() {
		return this.maxAliases;
	}

	public void setMaxAliases(int maxAliases) {
		this.maxAliases = maxAliases;
	}

	public int getMaxDirectives() {
		return this.maxDirectives;
	}

	public void setMaxDirectives(int maxDirectives) {
		this.maxDirectives = maxDirectives;
	}

	public int getMaxFragments() {
		return this.maxFragments;
	}

	public void setMaxFragments(int maxFragments) {
		this.maxFragments = maxFragments;
	}

	public DataSize getDocumentCacheBudget() {
		return this.documentCacheBudget;
	}

	public void setDocumentCacheBudget(DataSize documentCacheBudget) {
		this.documentCacheBudget = documentCacheBudget;
	}

	public DataSize getAnonymousDocumentCacheBudget() {
		return this.anonymousDocumentCacheBudget;
	}

	public void setAnonymousDocumentCacheBudget(DataSize anonymousDocumentCacheBudget) {
		this.anonymousDocumentCacheBudget = anonymousDocumentCacheBudget;
	}

	public int getMaxFragmentDepth() {
		return this.maxFragmentDepth;
	}

	public void setMaxFragmentDepth(int maxFragmentDepth) {
		this.maxFragmentDepth = maxFragmentDepth;
	}

}
