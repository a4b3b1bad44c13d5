package dev.svc.graphql.limits;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

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
 * {@code __typename} nothing (clients such as Apollo's add it to every selection, and it
 * fetches nothing; reading it is {@link DocumentWork}'s), any other field 1 plus what it
 * selects. The sums saturate at {@link Long#MAX_VALUE}: graphql-java's
 * {@code QueryComplexityCalculator} adds {@code int}s, so one argument large enough made
 * a query of expensive pages look cheap.
 */
final class QueryCost {

	private final RootContainer container;

	QueryCost(RootContainer container) {
		this.container = container;
	}

	long of(GraphQLSchema schema, Document document, @Nullable String operationName, CoercedVariables variables) {
		return priced(schema, document, operationName, variables).total();
	}

	Cost priced(GraphQLSchema schema, Document document, @Nullable String operationName, CoercedVariables variables) {
		Map<String, RootField> roots = new HashMap<>();
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
					if (field.getParentEnvironment() == null) {
						roots.merge(field.getField().getName(), new RootField(cost, 1), RootField::and);
					}
				}

			});
		return new Cost(selectionCosts.getOrDefault(null, 0L), Map.copyOf(roots));
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

	/**
	 * An operation's cost and each root field's share of it.
	 *
	 * @param total the cost
	 * @param roots the root fields' costs and counts by field name (an alias is the field
	 * again): as many entries as the schema has root fields, at most
	 */
	record Cost(long total, Map<String, RootField> roots) {

		/**
		 * The cost without the root fields the caller may not run, each of which costs 1
		 * instead: it runs nothing but its permission check.
		 */
		long running(Predicate<String> mayRun) {
			long cost = this.total;
			for (Map.Entry<String, RootField> root : this.roots.entrySet()) {
				if (!mayRun.test(root.getKey())) {
					cost = plus(cost - Math.min(cost, root.getValue().cost()), root.getValue().count());
				}
			}
			return cost;
		}

	}

	record RootField(long cost, long count) {

		RootField and(RootField other) {
			return new RootField(plus(this.cost, other.cost), plus(this.count, other.count));
		}

	}

}
