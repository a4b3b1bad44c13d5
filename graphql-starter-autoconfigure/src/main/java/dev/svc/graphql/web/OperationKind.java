package dev.svc.graphql.web;

import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.parser.InvalidSyntaxException;
import graphql.parser.Parser;
import org.jspecify.annotations.Nullable;

/** Tells whether the operation a request would run is a query, before it runs. */
final class OperationKind {

	private OperationKind() {
	}

	/**
	 * A document that does not parse, or lacks the named operation, counts as a query:
	 * running it reports the error in GraphQL's own words.
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
