package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.error.ErrorCode;
import graphql.execution.AbortExecutionException;
import graphql.execution.CoercedVariables;
import graphql.execution.ExecutionContext;
import graphql.language.Document;
import graphql.language.OperationDefinition;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * The cost limit ({@code graphql.limits.max-cost}), checked after validation, before
 * anything runs ({@link QueryCost}) by {@link RequestLimitsInstrumentation}; a query over
 * it is refused with {@code QUERY_TOO_COMPLEX}. An operation without variables costs what
 * its document says alone: its cost is kept, weakly, by the parsed document (held no
 * longer than it), and for the registered documents from start-up, for good.
 */
final class QueryCostLimit {

	private static final int MAX_DOCUMENTS = 10_000;

	private final int maxCost;

	private final QueryCost queryCost;

	private final @Nullable CostBudget budget;

	// by operation name ("" for the only one); an entry holds about 200 bytes
	private final Cache<Document, Map<String, Long>> costs;

	private final Map<Operation, Long> registered = new ConcurrentHashMap<>();

	QueryCostLimit(int maxCost, RootContainer container, @Nullable CostBudget budget) {
		this.maxCost = maxCost;
		this.budget = budget;
		this.queryCost = new QueryCost(container);
		this.costs = Caffeine.newBuilder()
			.weakKeys()
			.maximumSize(MAX_DOCUMENTS)
			.executor(Runnable::run)
			.recordStats()
			.build();
	}

	Cache<?, ?> cache() {
		return this.costs;
	}

	// refuses an operation over the limit, spends the cost of one within it
	void check(ExecutionContext execution) {
		long cost = cost(execution);
		if (cost > this.maxCost) {
			throw tooComplex(cost);
		}
		if (this.budget != null) {
			this.budget.spend(execution.getGraphQLContext(), cost);
		}
	}

	private long cost(ExecutionContext execution) {
		if (!execution.getOperationDefinition().getVariableDefinitions().isEmpty()) {
			return calculate(execution);
		}
		String name = execution.getExecutionInput().getOperationName();
		Long registered = this.registered.get(new Operation(execution.getExecutionInput().getQuery(), name));
		if (registered != null) {
			return registered;
		}
		Map<String, Long> known = this.costs.get(execution.getDocument(), (document) -> new ConcurrentHashMap<>());
		return known.computeIfAbsent((name != null) ? name : "", (operation) -> calculate(execution));
	}

	// the refusal of the first operation over the limit, or null
	@Nullable String register(GraphQLSchema schema, String text, Document document) {
		List<OperationDefinition> operations = document.getDefinitionsOfType(OperationDefinition.class);
		for (OperationDefinition operation : operations) {
			if (!operation.getVariableDefinitions().isEmpty()) {
				continue;
			}
			long cost = this.queryCost.of(schema, document, operation.getName(), CoercedVariables.emptyVariables());
			if (cost > this.maxCost) {
				return tooComplex(cost).getUnderlyingErrors().get(0).getMessage();
			}
			this.registered.put(new Operation(text, operation.getName()), cost);
			if (operations.size() == 1) {
				this.registered.put(new Operation(text, null), cost);
			}
		}
		return null;
	}

	private long calculate(ExecutionContext execution) {
		return this.queryCost.of(execution.getGraphQLSchema(), execution.getDocument(),
				execution.getExecutionInput().getOperationName(), execution.getCoercedVariables());
	}

	private AbortExecutionException tooComplex(long cost) {
		String value = (cost == Long.MAX_VALUE) ? "beyond counting" : String.valueOf(cost);
		return new AbortExecutionException(List.of(ErrorCode.refusal(ErrorCode.QUERY_TOO_COMPLEX,
				"The query's cost is " + value + ", over the limit of " + this.maxCost
						+ " (graphql.limits.max-cost). A list field costs its page size times what it selects: ask for "
						+ "smaller pages, or fewer fields.")));
	}

	private record Operation(String document, @Nullable String name) {
	}

}
