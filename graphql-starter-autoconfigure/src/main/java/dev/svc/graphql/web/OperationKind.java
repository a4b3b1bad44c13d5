package dev.svc.graphql.web;

import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import org.jspecify.annotations.Nullable;

/**
 * Tells whether the operation a request would run is a query, before it runs.
 */
final class OperationKind {

	private OperationKind() {
	}

	/**
	 * Whether the operation is a query. A document that does not parse, or names no
	 * operation it has, counts as a query: running it reports the error in GraphQL's own
	 * words.
	 * @param document the document
	 * @param operationName the operation to run, {@code null} for the only one
	 * @return whether it is not a mutation or a subscription
	 */
	static boolean isQuery(String document, @Nullable String operationName) {
		Document parsed;
		try {
			parsed = Parser.parse(document);
		}
		catch (InvalidSyntaxException ex) {
			return true;
		}
		return isQuery(parsed, operationName);
	}

	/**
	 * Whether the operation of a parsed document is a query.
	 * @param document the document
	 * @param operationName the operation to run, {@code null} for the only one
	 * @return whether it is not a mutation or a subscription
	 */
	static boolean isQuery(Document document, @Nullable String operationName) {
		for (Definition<?> definition : document.getDefinitions()) {
			if (definition instanceof OperationDefinition operation
					&& (operationName == null || operationName.equals(operation.getName()))) {
				return operation.getOperation() == OperationDefinition.Operation.QUERY;
			}
		}
		return true;
	}

}
