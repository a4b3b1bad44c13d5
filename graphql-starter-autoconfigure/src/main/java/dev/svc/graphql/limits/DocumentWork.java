package dev.svc.graphql.limits;

import graphql.language.Document;
import graphql.language.Node;

/**
 * The work of reading a document, parsing and validating it, in units of query cost: one
 * for each node of its syntax tree (an operation, a selection set, a field, an argument,
 * a value, a directive, a variable, ...), {@code __typename} and the introspection fields
 * as any other, or one for each field as it would run (fragments expanded at each spread)
 * where that is more. Linear in the document's length: about one a token, so at most
 * {@code graphql.limits.max-tokens} or {@code max-cost}. A document of 990
 * {@code __typename} costs 993, where the fields it runs cost nothing.
 */
final class DocumentWork {

	private DocumentWork() {
	}

	/**
	 * The work, at most {@code most}, so that a budget that pays for the costliest
	 * operation pays for the largest document too.
	 */
	static long of(Document document, DocumentShape shape, long most) {
		return Math.min(most, Math.max(nodes(document), shape.fields()));
	}

	static long of(Document document, long most) {
		return of(document, DocumentShape.of(document), most);
	}

	// the nesting of a parsed document is bounded by the parser's rule depth
	private static long nodes(Node<?> node) {
		long nodes = 1;
		for (Node<?> child : node.getChildren()) {
			nodes += nodes(child);
		}
		return nodes;
	}

}
