package dev.svc.graphql.limits;

import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.persisted.PersistedQuery;
import graphql.ExecutionInput;
import graphql.GraphqlErrorBuilder;
import graphql.execution.preparsed.NoOpPreparsedDocumentProvider;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.parser.Parser;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A repeated document is parsed and validated once; documents with errors are not kept,
 * and the cache stays within its budgets, what anonymous callers send within its own. A
 * kept document is known by the hash of its text as well. Registered documents are kept
 * apart, for good.
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
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofMegabytes(1),
				DataSize.ofMegabytes(1));
		PreparsedDocumentEntry first = entry(cache, "{ roles { id } }");
		PreparsedDocumentEntry second = entry(cache, "{ roles { id } }");
		assertThat(second).isSameAs(first);
		assertThat(entry(cache, "{ roles { name } }")).isNotSameAs(first);
		assertThat(this.parsed).hasValue(2);
	}

	@Test
	void shouldNotKeepDocumentsWithErrors() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofMegabytes(1),
				DataSize.ofMegabytes(1));
		assertThat(entry(cache, "{ wrong }").hasErrors()).isTrue();
		assertThat(entry(cache, "{ wrong }").hasErrors()).isTrue();
		assertThat(this.parsed).hasValue(2);
	}

	@Test
	void shouldKnowTheTextOfAKeptDocumentByItsHashOnly() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofMegabytes(1),
				DataSize.ofMegabytes(1));
		assertThat(cache.find(PersistedQuery.sha256("{ roles { id } }"))).isNull();
		entry(cache, "{ roles { id } }");
		entry(cache, "{ wrong }");
		assertThat(cache.find(PersistedQuery.sha256("{ roles { id } }"))).isEqualTo("{ roles { id } }");
		assertThat(cache.find(PersistedQuery.sha256("{ wrong }"))).as("a document with errors").isNull();
		assertThat(cache.anonymousCache().stats().requestCount()).as("only the look-ups of requests count")
			.isEqualTo(2);
	}

	@Test
	void shouldKeepNoMoreDocumentsThanItsBudgetHolds() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofKilobytes(64),
				DataSize.ofKilobytes(16));
		String fields = " a".repeat(100);
		for (int i = 0; i < 100; i++) {
			entry(cache, "query Q" + i + " {" + fields + " }", signedIn());
			entry(cache, "query A" + i + " {" + fields + " }", null);
		}
		cache.cache().cleanUp();
		cache.anonymousCache().cleanUp();
		assertThat(cache.cache().policy().eviction().orElseThrow().weightedSize().orElseThrow())
			.isLessThanOrEqualTo(64 * 1024);
		assertThat(cache.anonymousCache().policy().eviction().orElseThrow().weightedSize().orElseThrow())
			.isLessThanOrEqualTo(16 * 1024);
		assertThat(cache.cache().estimatedSize()).isBetween(1L, 5L);
		assertThat(cache.cache().stats().evictionCount()).isGreaterThanOrEqualTo(95);
	}

	@Test
	void shouldKeepWhatSignedInCallersSentWhateverAnonymousCallersSend() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofKilobytes(64),
				DataSize.ofKilobytes(16));
		PreparsedDocumentEntry used = entry(cache, "{ roles { id } }", signedIn());
		for (int i = 0; i < 1000; i++) {
			entry(cache, "query A" + i + " {" + " a".repeat(50) + " }", null);
		}
		assertThat(entry(cache, "{ roles { id } }", signedIn())).isSameAs(used);
		assertThat(entry(cache, "{ roles { id } }", null)).as("shared with anonymous callers").isSameAs(used);
		assertThat(this.parsed).hasValue(1001);
	}

	@Test
	void shouldTakeADocumentAnAnonymousCallerSentIntoTheSignedInPartOnceASignedInCallerSendsIt() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofKilobytes(64),
				DataSize.ofKilobytes(16));
		PreparsedDocumentEntry sent = entry(cache, "{ roles { id } }", null);
		assertThat(entry(cache, "{ roles { id } }", signedIn())).isSameAs(sent);
		for (int i = 0; i < 1000; i++) {
			entry(cache, "query A" + i + " {" + " a".repeat(50) + " }", null);
		}
		assertThat(entry(cache, "{ roles { id } }", signedIn())).isSameAs(sent);
		assertThat(cache.find(PersistedQuery.sha256("{ roles { id } }"))).isEqualTo("{ roles { id } }");
	}

	@Test
	void shouldKeepNothingWhenItsSizeIsZero() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofBytes(0),
				DataSize.ofBytes(0));
		entry(cache, "{ a }");
		entry(cache, "{ a }");
		assertThat(this.parsed).hasValue(2);
		assertThat(cache.find(PersistedQuery.sha256("{ a }"))).isNull();
	}

	@Test
	void shouldKeepARegisteredDocumentForGoodBeyondItsSize() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofBytes(0),
				DataSize.ofBytes(0));
		PreparsedDocumentEntry registered = cache.register("{ registered }", this.parseAndValidate);
		assertThat(entry(cache, "{ registered }")).isSameAs(registered);
		assertThat(entry(cache, "{ registered }")).isSameAs(registered);
		assertThat(this.parsed).as("parsed and validated once, at start-up").hasValue(1);
	}

	@Test
	void shouldNotKeepARegisteredDocumentWithErrors() {
		DocumentCache cache = new DocumentCache(NoOpPreparsedDocumentProvider.INSTANCE, DataSize.ofMegabytes(1),
				DataSize.ofMegabytes(1));
		assertThat(cache.register("{ wrong }", this.parseAndValidate).hasErrors()).isTrue();
		assertThat(entry(cache, "{ wrong }").hasErrors()).isTrue();
		assertThat(this.parsed).hasValue(2);
	}

	private PreparsedDocumentEntry entry(DocumentCache cache, String query) {
		return entry(cache, query, null);
	}

	private PreparsedDocumentEntry entry(DocumentCache cache, String query, @Nullable UserContext caller) {
		ExecutionInput input = ExecutionInput.newExecutionInput(query).graphQLContext((context) -> {
			if (caller != null) {
				context.put(UserContext.class, caller);
			}
		}).build();
		return cache.getDocumentAsync(input, this.parseAndValidate).join();
	}

	private static UserContext signedIn() {
		return new UserContext(1L, "admin", null, Set.of());
	}

}
