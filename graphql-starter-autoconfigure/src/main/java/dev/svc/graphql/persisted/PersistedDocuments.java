package dev.svc.graphql.persisted;

import java.util.List;
import java.util.function.Function;

import graphql.language.Document;
import org.jspecify.annotations.Nullable;

/**
 * Documents known by the SHA-256 hash of their text, which a request may name instead of
 * sending it; the text found runs as if the client had sent it, through every limit and
 * check. The endpoint asks every bean of this type, in order: the module's document
 * cache, and any registry of documents known ahead of time.
 */
@FunctionalInterface
public interface PersistedDocuments {

	/**
	 * The text of the document with the given hash.
	 * @param sha256Hash the SHA-256 hash of the text (UTF-8), in lower-case hexadecimal
	 * @return the text, or {@code null} when not known
	 */
	@Nullable String find(String sha256Hash);

	/**
	 * The document with the given hash, parsed, so that its kind (query or mutation) is
	 * told without parsing it again.
	 * @param sha256Hash the SHA-256 hash of the text (UTF-8), in lower-case hexadecimal
	 * @return the document, or {@code null} when not known or not kept parsed
	 */
	default @Nullable Document findParsed(String sha256Hash) {
		return null;
	}

	/**
	 * Documents the first of the given sources to know a hash answers for.
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
