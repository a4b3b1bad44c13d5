package dev.svc.graphql.limits;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.svc.graphql.persisted.PersistedQuery;
import graphql.ExecutionInput;
import graphql.GraphqlErrorBuilder;
import graphql.execution.preparsed.NoOpPreparsedDocumentProvider;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.parser.Parser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A repeated document is parsed and validated once; documents with errors are not kept, and the
 * cache stays within its size. A kept document is known by the hash of its text as well. Registered
 * documents are kept apart, for good.
 */
class DocumentCacheTests {

	private final AtomicInteger parsed = new AtomicInteger();

	private final Function<ExecutionInput, PreparsedDocumentEntry> parseAndValidate = (input) -> {
		this.parsed.incrementAndGet();
		return input.getQuery().contains("wrong")
				? new PreparsedDocumentEntry(GraphqlErrorBuilder.newError().message("wrong").build())
				: new PreparsedDocumentEntry(Parser.parse(input.getQuery()));
	};

	@Test
	void shouldParseAndValidateARepeatedDocumentOnce() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 10);
		PreparsedDocumentEntry first = entry(cache, "{ roles { id } }");
		PreparsedDocumentEntry second = entry(cache, "{ roles { id } }");
		assertThat(second).isSameAs(first);
		assertThat(entry(cache, "{ roles { name } }")).isNotSameAs(first);
		assertThat(this.parsed).hasValue(2);
	}

	@Test
	void shouldNotKeepDocumentsWithErrors() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 10);
		assertThat(entry(cache, "{ wrong }").hasErrors()).isTrue();
		assertThat(entry(cache, "{ wrong }").hasErrors()).isTrue();
		assertThat(this.parsed).hasValue(2);
	}

	@Test
	void shouldKnowTheTextOfAKeptDocumentByItsHashOnly() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 10);
		assertThat(cache.find(PersistedQuery.sha256("{ roles { id } }"))).isNull();
		entry(cache, "{ roles { id } }");
		entry(cache, "{ wrong }");
		assertThat(cache.find(PersistedQuery.sha256("{ roles { id } }"))).isEqualTo("{ roles { id } }");
		assertThat(cache.find(PersistedQuery.sha256("{ wrong }"))).as("a document with errors").isNull();
		assertThat(cache.cache().stats().requestCount()).as("only the look-ups of requests count").isEqualTo(2);
	}

	@Test
	void shouldKeepNoMoreDocumentsThanItsSize() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 2);
		for (int i = 0; i < 100; i++) {
			entry(cache, "{ a" + i + " }");
		}
		cache.cache().cleanUp();
		assertThat(cache.cache().estimatedSize()).isLessThanOrEqualTo(2);
		assertThat(cache.cache().stats().evictionCount()).isGreaterThanOrEqualTo(98);
	}

	@Test
	void shouldKeepNothingWhenItsSizeIsZero() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 0);
		entry(cache, "{ a }");
		entry(cache, "{ a }");
		assertThat(this.parsed).hasValue(2);
		assertThat(cache.find(PersistedQuery.sha256("{ a }"))).isNull();
	}

	@Test
	void shouldKeepARegisteredDocumentForGoodBeyondItsSize() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 0);
		PreparsedDocumentEntry registered = cache.register("{ registered }", this.parseAndValidate);
		assertThat(entry(cache, "{ registered }")).isSameAs(registered);
		assertThat(entry(cache, "{ registered }")).isSameAs(registered);
		assertThat(this.parsed).as("parsed and validated once, at start-up").hasValue(1);
	}

	@Test
	void shouldNotKeepARegisteredDocumentWithErrors() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, 10);
		assertThat(cache.register("{ wrong }", this.parseAndValidate).hasErrors()).isTrue();
		assertThat(entry(cache, "{ wrong }").hasErrors()).isTrue();
		assertThat(this.parsed).hasValue(2);
	}

	private PreparsedDocumentEntry entry(DocumentCache cache, String query) {
		return cache.getDocumentAsync(ExecutionInput.newExecutionInput(query).build(), this.parseAndValidate).join();
	}

}
