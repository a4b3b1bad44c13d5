package dev.svc.graphql.limits;

import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.language.Document;
import graphql.language.Field;
import graphql.language.NamedNode;
import graphql.language.Node;
import graphql.language.StringValue;
import org.jspecify.annotations.Nullable;

/**
 * What a kept document holds on the heap, in bytes: its text, its syntax nodes, and their
 * copies of names, aliases and string literals. Measured on graphql-java's parser (JDK 17
 * and 25, compressed references; {@code DocumentWeightTests} measures again each build),
 * a node takes 85 to 116 bytes, a name or literal a byte or two a character (Latin-1 or
 * UTF-16). {@value #BYTES_PER_NODE} a node, and a quarter more for strings, is never
 * under what a document holds and at most 1.6 times it.
 */
final class DocumentWeight {

	static final int BYTES_PER_NODE = 120;

	/** A string's header and its array's, and a cache entry's nodes. */
	private static final int OVERHEAD = 160;

	private DocumentWeight() {
	}

	// text "" when it is held elsewhere
	static int of(String text, PreparsedDocumentEntry entry) {
		Document document = entry.getDocument();
		// a text of Latin-1 characters takes a byte each, others two
		long bytes = OVERHEAD + 2L * text.length() + ((document != null) ? parsed(document) : 0);
		return (int) Math.min(Integer.MAX_VALUE, bytes);
	}

	// the nesting of a document that passed the limits is bounded by them
	private static long parsed(Node<?> node) {
		long bytes = BYTES_PER_NODE;
		if (node instanceof StringValue literal) {
			bytes += stringBytes(literal.getValue());
		}
		if (node instanceof NamedNode<?> named) {
			bytes += stringBytes(named.getName());
		}
		if (node instanceof Field field) {
			bytes += stringBytes(field.getAlias());
		}
		for (Node<?> child : node.getChildren()) {
			bytes += parsed(child);
		}
		return bytes;
	}

	// a quarter more than its characters take: a byte each in Latin-1, else two
	private static long stringBytes(@Nullable String value) {
		if (value == null) {
			return 0;
		}
		for (int i = 0; i < value.length(); i++) {
			if (value.charAt(i) > 0xFF) {
				return 2L * value.length() * 5 / 4;
			}
		}
		return value.length() * 5L / 4;
	}

}
