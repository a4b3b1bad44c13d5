package dev.svc.graphql.limits;

import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.language.Document;
import graphql.language.Node;

/**
 * What a kept document holds on the heap, in bytes: its text, and its parsed form by the number of
 * its syntax nodes. The figures were measured on graphql-java's parser (JDK 17 and 25, compressed
 * references), and {@code DocumentWeightTests} measures them again on every build: a node with
 * its name, location and lists takes 85 to 116 bytes, whatever the length of its name; a weight
 * of {@value #BYTES_PER_NODE} per node is never under what a document holds and at most 1.6 times
 * it.
 */
final class DocumentWeight {

	/** The heap a syntax node holds, at most, as measured. */
	static final int BYTES_PER_NODE = 120;

	/** A string's header and its array's, and a cache entry's nodes. */
	private static final int OVERHEAD = 160;

	private DocumentWeight() {
	}

	/**
	 * @param text the document's text ({@code ""} when it is held elsewhere)
	 * @param entry the document parsed and validated
	 * @return what the two hold on the heap, in bytes
	 */
	static int of(String text, PreparsedDocumentEntry entry) {
		Document document = entry.getDocument();
		long nodes = (document != null) ? nodes(document) : 0;
		// a text of Latin-1 characters takes a byte each, others two
		long bytes = OVERHEAD + 2L * text.length() + BYTES_PER_NODE * nodes;
		return (int) Math.min(Integer.MAX_VALUE, bytes);
	}

	// the nesting of a document that passed the limits is bounded by them
	private static long nodes(Node<?> node) {
		long count = 1;
		for (Node<?> child : node.getChildren()) {
			count += nodes(child);
		}
		return count;
	}

}
