package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.persisted.PersistedDocuments;
import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.visibility.VisibleSchema;
import graphql.ExecutionInput;
import graphql.GraphQLError;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import graphql.language.Document;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the documents that passed the limits, parsed and validated, by the SHA-256 hash of their
 * text, so that a query a client sends again (front ends send the same few) costs neither parsing
 * nor validation, and a client may name it by its hash alone (automatic persisted queries). Refused
 * and invalid documents are not kept: their errors are cheap to find again, and are worded for each
 * request. At most {@code maxSize} documents are kept; past that, those used least are let go.
 * The registered documents, checked at start-up, are kept apart and never let go.
 * <p>
 * A document is validated against the whole schema, and kept once for every caller. With
 * {@code graphql.schema.visibility=by-permission-as-missing} it is validated against the schema its
 * caller sees ({@link VisibleSchema}) instead: a document kept for one caller's schema is validated
 * anew, once, for another's, since a field one caller may use may not exist for the other. Either
 * way, a document named by its hash or id alone that selects a field hidden from its caller
 * answers as one not found: a caller learns nothing of what others sent or registered.
 */
final class DocumentCache implements PreparsedDocumentProvider, PersistedDocuments {

	/** The key of the whole schema: no field hidden. */
	private static final List<String> WHOLE_SCHEMA = List.of();

	/**
	 * How many schemas a document is kept for at most; past that its entries start again. A
	 * document is sent by the callers of a few sets of permissions, not of many.
	 */
	private static final int MAX_SCHEMAS_PER_DOCUMENT = 32;

	/**
	 * A document's text, and the document parsed and validated against each schema (by the
	 * fields hidden in it) it was sent for.
	 */
	private record Kept(String text, Map<List<String>, PreparsedDocumentEntry> bySchema) {

		Kept(String text) {
			this(text, new ConcurrentHashMap<>());
		}

		void put(List<String> schema, PreparsedDocumentEntry entry) {
			if (this.bySchema.size() >= MAX_SCHEMAS_PER_DOCUMENT) {
				this.bySchema.clear();
			}
			this.bySchema.put(schema, entry);
		}

	}

	private final PreparsedDocumentProvider delegate;

	private final int maxSize;

	private final Cache<String, Kept> documents;

	private final Map<String, Kept> registered = new ConcurrentHashMap<>();

	DocumentCache(PreparsedDocumentProvider delegate, int maxSize) {
		this.delegate = delegate;
		this.maxSize = maxSize;
		this.documents = Caffeine.newBuilder().maximumSize(maxSize).executor(Runnable::run).recordStats().build();
	}

	Cache<String, ?> cache() {
		return this.documents;
	}

	@Override
	public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
			Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		String hash = PersistedQuery.sha256(input.getQuery());
		VisibleSchema visible = VisibleSchema.of(input.getGraphQLContext());
		List<String> schema = (visible != null && visible.validatesRequests()) ? visible.hiddenFields() : WHOLE_SCHEMA;
		Kept registered = this.registered.get(hash);
		Kept kept = (registered != null) ? registered : this.documents.getIfPresent(hash);
		PreparsedDocumentEntry known = (kept != null) ? kept.bySchema().get(schema) : null;
		if (known != null) {
			return CompletableFuture.completedFuture(forCaller(input, visible, known));
		}
		return this.delegate.getDocumentAsync(input, parseAndValidate).thenApply((entry) -> {
			GraphQLError notFound = input.getGraphQLContext().get(PersistedQuery.NOT_FOUND_FOR_CALLER);
			if (entry.hasErrors() && notFound != null) {
				return new PreparsedDocumentEntry(List.of(notFound));
			}
			if (!entry.hasErrors() && (registered != null || this.maxSize > 0)) {
				Kept target = kept;
				if (target == null) {
					// put without counting: the request's look-up above counted already
					Kept fresh = new Kept(input.getQuery());
					Kept other = this.documents.asMap().putIfAbsent(hash, fresh);
					target = (other != null) ? other : fresh;
				}
				target.put(schema, entry);
			}
			return forCaller(input, visible, entry);
		});
	}

	// a document named by hash or id alone that selects a field hidden from its caller is one not found
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
	 * Puts a registered document through the limits, parsing and validation, and keeps it for
	 * good when it passed them.
	 * @param text the document's text
	 * @param parseAndValidate parses and validates it against the schema
	 * @return the document, or its errors
	 */
	PreparsedDocumentEntry register(String text, Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		PreparsedDocumentEntry entry = this.delegate
			.getDocumentAsync(ExecutionInput.newExecutionInput(text).build(), parseAndValidate)
			.join();
		if (!entry.hasErrors()) {
			Kept kept = new Kept(text);
			kept.put(WHOLE_SCHEMA, entry);
			this.registered.put(PersistedQuery.sha256(text), kept);
		}
		return entry;
	}

	/**
	 * The text of a document kept, without counting the look-up in the statistics: the request
	 * that runs it looks it up again, and counts then.
	 */
	@Override
	public @Nullable String find(String sha256Hash) {
		Kept kept = this.documents.policy().getIfPresentQuietly(sha256Hash);
		return (kept != null) ? kept.text() : null;
	}

}
