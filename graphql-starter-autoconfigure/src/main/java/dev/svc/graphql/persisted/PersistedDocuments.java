package dev.svc.graphql.persisted;

import java.util.List;
import java.util.function.Function;

import graphql.language.Document;
import org.jspecify.annotations.Nullable;

/**
 * Documents known by the SHA-256 hash of their text, which a request may name instead of
 * sending the text. The endpoint asks for the text of every persisted query that comes
 * without it; the text it gets runs exactly as if the client had sent it, through every
 * limit and check.
 * <p>
 * The module's own implementation knows the documents the endpoint has parsed and
 * validated lately (its document cache). A registry of documents known ahead of time can
 * answer through this interface as well: the endpoint asks every bean of this type, in
 * their order.
 */
@FunctionalInterface
public interface PersistedDocuments {

	/**
	 * The text of the document with the given hash.
	 * @param sha256Hash the SHA-256 hash of the document's text (UTF-8), in lower-case
	 * hexadecimal
	 * @return the text, or {@code null} for a document not known
	 */
	@Nullable String find(String sha256Hash);

	/**
	 * The document with the given hash, already parsed, so that what it is (a query or a
	 * mutation) is told without parsing it again: a source that keeps its documents
	 * parsed answers in the time it takes to find one, whether it knows it or not.
	 * @param sha256Hash the SHA-256 hash of the document's text (UTF-8), in lower-case
	 * hexadecimal
	 * @return the document, or {@code null} when it is not known, or not kept parsed
	 */
	default @Nullable Document findParsed(String sha256Hash) {
		return null;
	}

	/**
	 * Documents that the first of the given sources to know a hash answers for.
	 * @param sources the sources, in the order to ask them
	 * @return the documents of all of them
	 */
	static PersistedDocuments firstOf(List<PersistedDocuments> sources) {
		List<PersistedDocuments> copy = List.copyOf(sources);
		return new PersistedDocuments() {

			@Override
			public @Nullable String find(String sha256Hash) {
				return first(copy, (source) -> source.find(sha256Hash));
			}

			@Override
			public @Nullable Document findParsed(String sha256Hash) {
				return first(copy, (source) -> source.findParsed(sha256Hash));
			}

		};
	}

	private static <T> @Nullable T first(List<PersistedDocuments> sources,
			Function<PersistedDocuments, @Nullable T> answer) {
		for (PersistedDocuments source : sources) {
			T found = answer.apply(source);
			if (found != null) {
				return found;
			}
		}
		return null;
	}

}
