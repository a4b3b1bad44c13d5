package dev.svc.graphql.persisted;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import dev.svc.graphql.Sha256;
import graphql.execution.preparsed.persisted.PersistedQuerySupport;
import org.jspecify.annotations.Nullable;

/**
 * An automatic persisted query: {@code "persistedQuery": {"version": 1, "sha256Hash":
 * "..."}} in a request's {@code extensions}, with the query's text or without it (then
 * Spring for GraphQL gives the request graphql-java's {@linkplain #MARKER stand-in}).
 *
 * @param sha256Hash the hash the request names, in lower-case hexadecimal
 */
public record PersistedQuery(String sha256Hash) {

	/** The document of a request that names a persisted query's hash without its text. */
	public static final String MARKER = PersistedQuerySupport.PERSISTED_QUERY_MARKER;

	/** The member of a request's {@code extensions} that holds a persisted query. */
	public static final String EXTENSION = "persistedQuery";

	/**
	 * The GraphQL context key of the not-found answer to a request that named its
	 * document by hash or id when the text does not validate for its caller: the text was
	 * validated for another's schema, so its errors would name fields the caller may not
	 * know of.
	 */
	public static final String NOT_FOUND_FOR_CALLER = PersistedQuery.class.getName() + ".notFoundForCaller";

	// GraphQL Code Generator's client preset writes it into its hashes
	private static final String SHA256_PREFIX = "sha256:";

	private static final Pattern SHA256_HEX = Pattern.compile("(" + SHA256_PREFIX + ")?[0-9a-fA-F]{64}");

	/**
	 * The persisted query a request's extensions name.
	 * @param extensions the request's {@code extensions}
	 * @return the persisted query, or {@code null} when there is none or it is not
	 * well-formed
	 */
	public static @Nullable PersistedQuery of(@Nullable Map<String, ?> extensions) {
		if (extensions == null || !(extensions.get(EXTENSION) instanceof Map<?, ?> persisted)
				|| problemOf(persisted) != null) {
			return null;
		}
		return (persisted.get("sha256Hash") instanceof String hash) ? new PersistedQuery(
				hash.substring(hash.startsWith(SHA256_PREFIX) ? SHA256_PREFIX.length() : 0).toLowerCase(Locale.ROOT))
				: null;
	}

	/** What is wrong with a request's persisted query, or {@code null} when nothing. */
	static @Nullable String problem(@Nullable Map<String, ?> extensions) {
		Object persisted = (extensions != null) ? extensions.get(EXTENSION) : null;
		if (persisted == null) {
			return null;
		}
		if (!(persisted instanceof Map<?, ?> members)) {
			return "extensions.persistedQuery must be an object: {\"version\": 1, \"sha256Hash\": \"...\"}.";
		}
		return problemOf(members);
	}

	private static @Nullable String problemOf(Map<?, ?> persisted) {
		if (!(persisted.get("version") instanceof Number version) || version.doubleValue() != 1) {
			return "extensions.persistedQuery.version must be 1, the only version of automatic persisted queries.";
		}
		if (!(persisted.get("sha256Hash") instanceof String hash) || !SHA256_HEX.matcher(hash).matches()) {
			return "extensions.persistedQuery.sha256Hash must be the SHA-256 hash of the query's text (UTF-8), "
					+ "64 hexadecimal digits, with or without the prefix " + SHA256_PREFIX + ".";
		}
		return null;
	}

	/**
	 * Whether the hash this persisted query names is the hash of the given text.
	 * @param document the query's text
	 * @return whether the text is the one the hash names
	 */
	public boolean isHashOf(String document) {
		return this.sha256Hash.equals(sha256(document));
	}

	/**
	 * The SHA-256 hash of a document's text, by which {@link PersistedDocuments} know it.
	 * @param document the text
	 * @return the hash of its UTF-8 bytes, in lower-case hexadecimal
	 */
	public static String sha256(String document) {
		return Sha256.hex(document);
	}

	/**
	 * What a shared store holds for a text, weighed against its budget: the text's UTF-8
	 * bytes and 256 for its hash and the entry itself (a Redis key of a short text takes
	 * about 220), so that many tiny texts cost what they take.
	 */
	static long sharedWeight(String text) {
		return 256 + text.getBytes(StandardCharsets.UTF_8).length;
	}

	/**
	 * What one account may hold of a shared store's budget: a sixteenth, so that it can
	 * neither fill the store nor, alone, push out what others saved. A front end's texts
	 * are the same for all its users, and a text saved already is not counted again.
	 */
	static long accountShare(long budget) {
		return budget / 16;
	}

}
