package dev.svc.graphql.limits;

import java.util.stream.Collectors;

import dev.svc.graphql.persisted.RegisteredDocument;
import dev.svc.graphql.persisted.RegisteredDocumentException;
import dev.svc.graphql.persisted.RegisteredDocuments;
import graphql.GraphQLError;
import graphql.ParseAndValidate;
import graphql.ParseAndValidateResult;
import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.schema.GraphQLSchema;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.graphql.execution.GraphQlSource;

/**
 * Puts every registered document, once the schema is built, through the limits, parsing,
 * validation and (for operations without variables) the cost limit, and keeps it parsed
 * with its cost for good. A failure stops the start-up, naming manifest, document and
 * problem: a client's manifest that no longer fits the schema would fail every request.
 */
final class RegisteredDocumentsCheck implements SmartInitializingSingleton {

	private final ObjectProvider<RegisteredDocuments> registered;

	private final DocumentCache documents;

	private final ObjectProvider<QueryCostLimit> costs;

	private final ObjectProvider<GraphQlSource> graphQlSource;

	RegisteredDocumentsCheck(ObjectProvider<RegisteredDocuments> registered, DocumentCache documents,
			ObjectProvider<QueryCostLimit> costs, ObjectProvider<GraphQlSource> graphQlSource) {
		this.registered = registered;
		this.documents = documents;
		this.costs = costs;
		this.graphQlSource = graphQlSource;
	}

	@Override
	public void afterSingletonsInstantiated() {
		RegisteredDocuments registered = this.registered.getIfAvailable();
		GraphQlSource source = this.graphQlSource.getIfAvailable();
		if (registered == null || source == null || registered.all().isEmpty()) {
			return;
		}
		GraphQLSchema schema = source.schema();
		QueryCostLimit costs = this.costs.getIfAvailable();
		for (RegisteredDocument document : registered.all()) {
			PreparsedDocumentEntry entry = this.documents.register(document.text(), (input) -> {
				ParseAndValidateResult result = ParseAndValidate.parseAndValidate(schema, input);
				return result.isFailure() ? new PreparsedDocumentEntry(result.getErrors())
						: new PreparsedDocumentEntry(result.getDocument());
			});
			if (entry.hasErrors()) {
				throw new RegisteredDocumentException(document.manifest(), document.describe(),
						entry.getErrors().stream().map(GraphQLError::getMessage).collect(Collectors.joining(" ")));
			}
			String overCost = (costs != null) ? costs.register(schema, document.text(), entry.getDocument()) : null;
			if (overCost != null) {
				throw new RegisteredDocumentException(document.manifest(), document.describe(), overCost);
			}
		}
	}

}
