package dev.svc.graphql.limits;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.persisted.PersistedDocuments;
import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.visibility.VisibleSchema;
import graphql.ExecutionInput;
import graphql.GraphQLError;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.language.Document;
import org.jspecify.annotations.Nullable;

import org.springframework.util.unit.DataSize;

/**
 * Keeps the documents that passed the limits, parsed and validated, by the SHA-256 hash
 * of their text, so that a query a client sends again (front ends send the same few)
 * costs neither parsing nor validation, and a client may name it by its hash alone
 * (automatic persisted queries). Refused and invalid documents are not kept: their errors
 * are cheap to find again, and are worded for each request. The registered documents,
 * checked at start-up, are kept apart and never let go.
 * <p>
 * The cache is bounded by the heap its documents hold ({@link DocumentWeight}), not by
 * their number, in two parts: what signed-in callers send is kept within {@code budget},
 * what anonymous callers send within {@code anonymousBudget}, so that nothing an
 * anonymous caller sends pushes out a document signed-in callers use. A document an
 * anonymous caller sent moves to the signed-in part the first time a signed-in caller
 * sends it. Past its budget, a part lets go of the documents used least.
 * <p>
 * A document is validated against the whole schema, and kept once for every caller. With
 * {@code graphql.schema.visibility=by-permission-as-missing} it is validated against the
 * schema its caller sees ({@link VisibleSchema}) instead: a document kept for one
 * caller's schema is validated anew, once, for another's, since a field one caller may
 * use may not exist for the other, and each of its validations weighs on the budget.
 * Either way, a document named by its hash or id alone that selects a field hidden from
 * its caller answers as one not found: a caller learns nothing of what others sent or
 * registered.
 */
final class DocumentCache implements PreparsedDocumentProvider, PersistedDocuments {

	/** The key of the whole schema: no field hidden. */
	private static final List<String> WHOLE_SCHEMA = List.of();

	/**
	 * How many schemas a document is kept for at most; past that its entries start again.
	 * A document is sent by the callers of a few sets of permissions, not of many.
	 */
	private static final int MAX_SCHEMAS_PER_DOCUMENT = 32;

	private final PreparsedDocumentProvider delegate;

	private final Cache<String, Kept> signedIn;

	private final Cache<String, Kept> anonymous;

	private final boolean keeps;

	private final Map<String, Kept> registered = new ConcurrentHashMap<>();

	/**
	 * Creates a cache within the given budgets.
	 * @param delegate puts a document through the limits before it is parsed and
	 * validated
	 * @param budget the heap the documents signed-in callers send may hold
	 * @param anonymousBudget the heap the documents anonymous callers send may hold
	 */
	DocumentCache(PreparsedDocumentProvider delegate, DataSize budget, DataSize anonymousBudget) {
		this.delegate = delegate;
		this.signedIn = weighed(budget);
		this.anonymous = weighed(anonymousBudget);
		this.keeps = budget.toBytes() > 0 || anonymousBudget.toBytes() > 0;
	}

	private static Cache<String, Kept> weighed(DataSize budget) {
		return Caffeine.newBuilder()
			.maximumWeight(Math.max(0, budget.toBytes()))
			.<String, Kept>weigher((hash, kept) -> kept.bytes())
			.executor(Runnable::run)
			.recordStats()
			.build();
	}

	/** The part of the cache that keeps what signed-in callers send. */
	Cache<String, Kept> cache() {
		return this.signedIn;
	}

	/** The part of the cache that keeps what anonymous callers send. */
	Cache<String, Kept> anonymousCache() {
		return this.anonymous;
	}

	@Override
	public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
			Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		String hash = PersistedQuery.sha256(input.getQuery());
		VisibleSchema visible = VisibleSchema.of(input.getGraphQLContext());
		List<String> schema = (visible != null && visible.validatesRequests()) ? visible.hiddenFields() : WHOLE_SCHEMA;
		UserContext caller = input.getGraphQLContext().get(UserContext.class);
		boolean signedIn = caller != null && caller.isAuthenticated();
		Kept registered = this.registered.get(hash);
		PreparsedDocumentEntry known = (registered != null) ? registered.bySchema().get(schema) : null;
		if (known == null) {
			Kept kept = look(hash, signedIn);
			known = (kept != null) ? kept.bySchema().get(schema) : null;
		}
		if (known != null) {
			return CompletableFuture.completedFuture(forCaller(input, visible, known));
		}
		if (PersistedQuery.MARKER.equals(input.getQuery())) {
			// a hash nobody sent (the endpoint put the marker in its place): answered as
			// a kept document its caller may not see is, with no more work
			GraphQLError notFound = input.getGraphQLContext().get(PersistedQuery.NOT_FOUND_FOR_CALLER);
			if (notFound != null) {
				return CompletableFuture.completedFuture(new PreparsedDocumentEntry(List.of(notFound)));
			}
		}
		return this.delegate.getDocumentAsync(input, parseAndValidate).thenApply((entry) -> {
			GraphQLError notFound = input.getGraphQLContext().get(PersistedQuery.NOT_FOUND_FOR_CALLER);
			if (entry.hasErrors() && notFound != null) {
				return new PreparsedDocumentEntry(List.of(notFound));
			}
			if (!entry.hasErrors() && this.keeps) {
				keep(hash, input.getQuery(), schema, entry, signedIn);
			}
			return forCaller(input, visible, entry);
		});
	}

	/**
	 * The document kept by hash, counting the look-up in the caller's part; a signed-in
	 * caller takes a document an anonymous caller sent into its own part.
	 */
	private @Nullable Kept look(String hash, boolean signedIn) {
		Kept kept = (signedIn ? this.signedIn : this.anonymous).getIfPresent(hash);
		if (kept != null) {
			return kept;
		}
		Kept other = (signedIn ? this.anonymous : this.signedIn).policy().getIfPresentQuietly(hash);
		if (other != null && signedIn) {
			this.anonymous.invalidate(hash);
			this.signedIn.put(hash, other);
		}
		return other;
	}

	private void keep(String hash, String text, List<String> schema, PreparsedDocumentEntry entry, boolean signedIn) {
		// compute without counting: the request's look-up counted already
		(signedIn ? this.signedIn : this.anonymous).asMap()
			.compute(hash, (key, kept) -> (kept != null) ? kept.with(schema, entry) : Kept.of(text, schema, entry));
	}

	// a document named by hash or id alone that selects a field hidden from its caller is
	// one not found
	private static PreparsedDocumentEntry forCaller(ExecutionInput input, @Nullable VisibleSchema visible,
			PreparsedDocumentEntry entry) {
		GraphQLError notFound = input.getGraphQLContext().get(PersistedQuery.NOT_FOUND_FOR_CALLER);
		Document document = entry.getDocument();
		if (notFound != null && visible != null && document != null && visible.isHiddenFromCaller(document)) {
			return new PreparsedDocumentEntry(List.of(notFound));
		}
		return entry;
	}

	/**
	 * Puts a registered document through the limits, parsing and validation, and keeps it
	 * for good when it passed them.
	 * @param text the document's text
	 * @param parseAndValidate parses and validates it against the schema
	 * @return the document, or its errors
	 */
	PreparsedDocumentEntry register(String text, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		PreparsedDocumentEntry entry = this.delegate
			.getDocumentAsync(ExecutionInput.newExecutionInput(text).build(), parseAndValidate)
			.join();
		if (!entry.hasErrors()) {
			this.registered.put(PersistedQuery.sha256(text), Kept.of(text, WHOLE_SCHEMA, entry));
		}
		return entry;
	}

	/**
	 * The text of a document kept, without counting the look-up in the statistics: the
	 * request that runs it looks it up again, and counts then.
	 */
	@Override
	public @Nullable String find(String sha256Hash) {
		Kept kept = this.signedIn.policy().getIfPresentQuietly(sha256Hash);
		if (kept == null) {
			kept = this.anonymous.policy().getIfPresentQuietly(sha256Hash);
		}
		return (kept != null) ? kept.text() : null;
	}

	@Override
	public @Nullable Document findParsed(String sha256Hash) {
		Kept kept = this.signedIn.policy().getIfPresentQuietly(sha256Hash);
		if (kept == null) {
			kept = this.anonymous.policy().getIfPresentQuietly(sha256Hash);
		}
		return (kept != null) ? kept.bySchema().values().iterator().next().getDocument() : null;
	}

	/**
	 * A document's text, the document parsed and validated against each schema (by the
	 * fields hidden in it) it was sent for, and the heap all of it holds. Never changed:
	 * a document kept for one more schema is put again, and weighed again.
	 *
	 * @param text the document's text
	 * @param bySchema the document parsed and validated, by the fields hidden in a schema
	 * @param bytes the heap all of it holds
	 */
	record Kept(String text, Map<List<String>, PreparsedDocumentEntry> bySchema, int bytes) {

		static Kept of(String text, List<String> schema, PreparsedDocumentEntry entry) {
			return new Kept(text, Map.of(schema, entry), DocumentWeight.of(text, entry));
		}

		Kept with(List<String> schema, PreparsedDocumentEntry entry) {
			if (this.bySchema.size() >= MAX_SCHEMAS_PER_DOCUMENT) {
				return of(this.text, schema, entry);
			}
			Map<List<String>, PreparsedDocumentEntry> more = new HashMap<>(this.bySchema);
			more.put(schema, entry);
			// the text is kept once, each schema's parsed copy weighs as its own
			return new Kept(this.text, Map.copyOf(more), this.bytes + DocumentWeight.of("", entry));
		}

	}

}
