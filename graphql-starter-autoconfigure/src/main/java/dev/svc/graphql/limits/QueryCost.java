package dev.svc.graphql.limits;

import java.util.HashMap;
import java.util.Map;

import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.handler.QueryHandler;
import graphql.analysis.QueryTraverser;
import graphql.analysis.QueryVisitorFieldEnvironment;
import graphql.analysis.QueryVisitorStub;
import graphql.execution.CoercedVariables;
import graphql.language.Document;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * Works out what an operation costs, field by field from the leaves up: each root field
 * as the root container declares, {@code __typename} nothing, every other field once plus
 * what it selects. The sums are {@code long}s that stop at {@link Long#MAX_VALUE} instead
 * of wrapping around: graphql-java's own {@code QueryComplexityCalculator} adds
 * {@code int}s, so that one argument large enough made a whole query of expensive pages
 * look cheap.
 */
final class QueryCost {

	private final RootContainer container;

	QueryCost(RootContainer container) {
		this.container = container;
	}

	/**
	 * The cost of an operation of a document that passed validation.
	 * @param schema the schema the document was validated against
	 * @param document the document
	 * @param operationName the operation, or {@code null} for the document's only one
	 * @param variables the operation's variables, coerced
	 * @return the cost, from 0 to {@link Long#MAX_VALUE}
	 */
	long of(GraphQLSchema schema, Document document, @Nullable String operationName, CoercedVariables variables) {
		// post-order: a field's selection is added up, under the field, before the field
		// is visited
		Map<@Nullable QueryVisitorFieldEnvironment, Long> selectionCosts = new HashMap<>();
		QueryTraverser.newQueryTraverser()
			.schema(schema)
			.document(document)
			.operationName(operationName)
			.coercedVariables(variables)
			.build()
			.visitPostOrder(new QueryVisitorStub() {

				@Override
				public void visitField(QueryVisitorFieldEnvironment field) {
					long cost = cost(field, selectionCosts.getOrDefault(field, 0L));
					selectionCosts.merge(field.getParentEnvironment(), cost, QueryCost::plus);
				}

			});
		return selectionCosts.getOrDefault(null, 0L);
	}

	private long cost(QueryVisitorFieldEnvironment field, long selectionCost) {
		if (field.isTypeNameIntrospectionField()) {
			return 0;
		}
		if (field.getParentEnvironment() == null) {
			return this.container.cost(field.getField().getName(), field.getArguments(), selectionCost);
		}
		return QueryHandler.costOfItems(1, selectionCost);
	}

	private static long plus(long cost, long more) {
		return (more > Long.MAX_VALUE - cost) ? Long.MAX_VALUE : cost + more;
	}

}
