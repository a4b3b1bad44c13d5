package dev.svc.graphql.limits;

import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.persisted.PersistedDocuments;
import dev.svc.graphql.persisted.PersistedQuery;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;
import org.jspecify.annotations.Nullable;

/**
 * Keeps the documents that passed the limits, parsed and validated, by the SHA-256 hash of their
 * text, so that a query a client sends again (front ends send the same few) costs neither parsing
 * nor validation, and a client may name it by its hash alone (automatic persisted queries). Refused
 * and invalid documents are not kept: their errors are cheap to find again, and are worded for each
 * request. At most {@code maxSize} documents are kept; past that, those used least are let go.
 * The registered documents, checked at start-up, are kept apart and never let go.
 */
final class DocumentCache implements PreparsedDocumentProvider, PersistedDocuments {

	private record Kept(String text, PreparsedDocumentEntry entry) {
	}

	private final PreparsedDocumentProvider delegate;

	private final int maxSize;

	private final Cache<String, Kept> documents;

	private final Map<String, PreparsedDocumentEntry> registered = new ConcurrentHashMap<>();

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
		PreparsedDocumentEntry checked = this.registered.get(hash);
		if (checked != null) {
			return CompletableFuture.completedFuture(checked);
		}
		Kept kept = this.documents.getIfPresent(hash);
		if (kept != null) {
			return CompletableFuture.completedFuture(kept.entry());
		}
		return this.delegate.getDocumentAsync(input, parseAndValidate).thenApply((entry) -> {
			if (!entry.hasErrors() && this.maxSize > 0) {
				this.documents.put(hash, new Kept(input.getQuery(), entry));
			}
			return entry;
		});
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
			this.registered.put(PersistedQuery.sha256(text), entry);
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
