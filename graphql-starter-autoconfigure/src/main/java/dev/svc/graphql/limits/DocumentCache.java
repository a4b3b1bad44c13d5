package dev.svc.graphql.limits;

import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import graphql.ExecutionInput;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.execution.preparsed.PreparsedDocumentProvider;

/**
 * Keeps the documents that passed the limits, parsed and validated, by their text, so that a query
 * a client sends again (front ends send the same few) costs neither parsing nor validation.
 * Refused and invalid documents are not kept: their errors are cheap to find again, and are worded
 * for each request. At most {@code maxSize} documents are kept; past that, those used least are
 * let go.
 */
final class DocumentCache implements PreparsedDocumentProvider {

	private final PreparsedDocumentProvider delegate;

	private final int maxSize;

	private final Cache<String, PreparsedDocumentEntry> documents;

	DocumentCache(PreparsedDocumentProvider delegate, int maxSize) {
		this.delegate = delegate;
		this.maxSize = maxSize;
		this.documents = Caffeine.newBuilder().maximumSize(maxSize).executor(Runnable::run).recordStats().build();
	}

	Cache<String, PreparsedDocumentEntry> cache() {
		return this.documents;
	}

	@Override
	public CompletableFuture<PreparsedDocumentEntry> getDocumentAsync(ExecutionInput input,
			Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate) {
		PreparsedDocumentEntry cached = this.documents.getIfPresent(input.getQuery());
		if (cached != null) {
			return CompletableFuture.completedFuture(cached);
		}
		return this.delegate.getDocumentAsync(input, parseAndValidate).thenApply((entry) -> {
			if (!entry.hasErrors() && this.maxSize > 0) {
				this.documents.put(input.getQuery(), entry);
			}
			return entry;
		});
	}

}
