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
 * An operation's cost from the leaves up: a root field as the root container declares,
 * {@code __typename} nothing, any other field 1 plus what it selects. The sums saturate
 * at {@link Long#MAX_VALUE}: graphql-java's {@code QueryComplexityCalculator} adds
 * {@code int}s, so one argument large enough made a query of expensive pages look cheap.
 */
final class QueryCost {

	private final RootContainer container;

	QueryCost(RootContainer container) {
		this.container = container;
	}

	long of(GraphQLSchema schema, Document document, @Nullable String operationName, CoercedVariables variables) {
		// post-order: a field's selection is added up under it before the field is
		// visited
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
