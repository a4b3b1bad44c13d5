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
 * of their text: a repeated query skips parsing and validation, and may be named by its
 * hash alone (automatic persisted queries). Refused and invalid documents are not kept:
 * their errors are cheap and worded per request. Registered ones stay apart, for good.
 * <p>
 * Bounded by heap ({@link DocumentWeight}), not by count, in two parts, so that nothing
 * anonymous callers send ({@code anonymousBudget}) pushes out what signed-in callers use
 * ({@code budget}); a signed-in caller's request moves a document to the signed-in part.
 * <p>
 * With {@code graphql.schema.visibility=by-permission-as-missing} a document is
 * validated, once per schema, against the one its caller sees ({@link VisibleSchema}): a
 * field one caller may use may not exist for another. A document named by hash or id
 * alone that selects a field hidden from its caller answers as not found, so that a
 * caller learns nothing of what others sent or registered. With {@code by-permission}, a
 * caller shown the placeholder alone validates against the whole schema with it, kept
 * apart as well.
 */
final class DocumentCache implements PreparsedDocumentProvider, PersistedDocuments {

	/** No field hidden. */
	private static final List<String> WHOLE_SCHEMA = List.of();

	// then a document's entries start again: a document is sent by few sets of
	// permissions
	private static final int MAX_SCHEMAS_PER_DOCUMENT = 32;

	private final PreparsedDocumentProvider delegate;

	private final Cache<String, Kept> signedIn;

	private final Cache<String, Kept> anonymous;

	private final boolean keeps;

	private final Map<String, Kept> registered = new ConcurrentHashMap<>();

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

	Cache<String, Kept> cache() {
		return this.signedIn;
	}

	Cache<String, Kept> anonymousCache() {
		return this.anonymous;
	}

	@Override
	public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
			Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		String hash = PersistedQuery.sha256(input.getQuery());
		VisibleSchema visible = VisibleSchema.of(input.getGraphQLContext());
		List<String> schema = (visible != null) ? visible.validatedAgainst() : WHOLE_SCHEMA;
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
			// a hash nobody sent: answered as a kept document hidden from the caller, no
			// work
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

	// counted in the caller's part; a signed-in caller takes an anonymous one's document
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

	private static PreparsedDocumentEntry forCaller(ExecutionInput input, @Nullable VisibleSchema visible,
			PreparsedDocumentEntry entry) {
		GraphQLError notFound = input.getGraphQLContext().get(PersistedQuery.NOT_FOUND_FOR_CALLER);
		Document document = entry.getDocument();
		if (notFound != null && visible != null && document != null && visible.isHiddenFromCaller(document)) {
			return new PreparsedDocumentEntry(List.of(notFound));
		}
		return entry;
	}

	// kept for good once through the limits, parsing and validation
	PreparsedDocumentEntry register(String text, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		PreparsedDocumentEntry entry = this.delegate
			.getDocumentAsync(ExecutionInput.newExecutionInput(text).build(), parseAndValidate)
			.join();
		if (!entry.hasErrors()) {
			this.registered.put(PersistedQuery.sha256(text), Kept.of(text, WHOLE_SCHEMA, entry));
		}
		return entry;
	}

	@Override
	public @Nullable String find(String sha256Hash) {
		Kept kept = quietly(sha256Hash);
		return (kept != null) ? kept.text() : null;
	}

	@Override
	public @Nullable Document findParsed(String sha256Hash) {
		Kept kept = quietly(sha256Hash);
		return (kept != null) ? kept.bySchema().values().iterator().next().getDocument() : null;
	}

	// not counted: the request that runs it looks it up again, and counts then
	private @Nullable Kept quietly(String hash) {
		Kept kept = this.signedIn.policy().getIfPresentQuietly(hash);
		return (kept != null) ? kept : this.anonymous.policy().getIfPresentQuietly(hash);
	}

	// keyed by the fields hidden; never changed: one more schema is put, so weighed,
	// again
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
