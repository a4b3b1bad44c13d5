package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.ErrorCode;
import dev.svc.graphql.security.PermissionChecker;
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
 * it is refused with {@code QUERY_TOO_COMPLEX}. A query within it spends from the budget
 * what runs (a root field the caller's permissions refuse costs 1: it runs nothing) and
 * the work of reading its document ({@link DocumentWork}). An operation without variables
 * costs what its document says alone: its cost is kept, weakly, by the parsed document
 * (held no longer than it), and for the registered documents from start-up, for good.
 */
final class QueryCostLimit {

	private static final int MAX_DOCUMENTS = 10_000;

	private static final UserContext ANONYMOUS_HOST = UserContext.anonymous(null);

	private final int maxCost;

	private final QueryCost queryCost;

	private final RootContainer container;

	private final PermissionChecker permissionChecker;

	private final @Nullable CostBudget budget;

	// by operation name ("" for the only one); an entry holds about 300 bytes, and 100
	// more a root field
	private final Cache<Document, Map<String, Priced>> costs;

	private final Map<Operation, Priced> registered = new ConcurrentHashMap<>();

	QueryCostLimit(int maxCost, RootContainer container, PermissionChecker permissionChecker,
			@Nullable CostBudget budget) {
		this.maxCost = maxCost;
		this.container = container;
		this.permissionChecker = permissionChecker;
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
		Priced cost = cost(execution);
		if (cost.total() > this.maxCost) {
			throw tooComplex(cost.total());
		}
		if (this.budget != null) {
			UserContext user = execution.getGraphQLContext().getOrDefault(UserContext.class, ANONYMOUS_HOST);
			this.budget.spend(execution.getGraphQLContext(),
					cost.running((field) -> this.container.allows(field, user, this.permissionChecker)), cost.work());
		}
	}

	private Priced cost(ExecutionContext execution) {
		if (!execution.getOperationDefinition().getVariableDefinitions().isEmpty()) {
			return calculate(execution);
		}
		String name = execution.getExecutionInput().getOperationName();
		Priced registered = this.registered.get(new Operation(execution.getExecutionInput().getQuery(), name));
		if (registered != null) {
			return registered;
		}
		Map<String, Priced> known = this.costs.get(execution.getDocument(), (document) -> new ConcurrentHashMap<>());
		return known.computeIfAbsent((name != null) ? name : "", (operation) -> calculate(execution));
	}

	// the refusal of the first operation over the limit, or null
	@Nullable String register(GraphQLSchema schema, String text, Document document) {
		List<OperationDefinition> operations = document.getDefinitionsOfType(OperationDefinition.class);
		for (OperationDefinition operation : operations) {
			if (!operation.getVariableDefinitions().isEmpty()) {
				continue;
			}
			Priced cost = priced(schema, document, operation.getName(), CoercedVariables.emptyVariables());
			if (cost.total() > this.maxCost) {
				return tooComplex(cost.total()).getUnderlyingErrors().get(0).getMessage();
			}
			this.registered.put(new Operation(text, operation.getName()), cost);
			if (operations.size() == 1) {
				this.registered.put(new Operation(text, null), cost);
			}
		}
		return null;
	}

	private Priced calculate(ExecutionContext execution) {
		return priced(execution.getGraphQLSchema(), execution.getDocument(),
				execution.getExecutionInput().getOperationName(), execution.getCoercedVariables());
	}

	private Priced priced(GraphQLSchema schema, Document document, @Nullable String operationName,
			CoercedVariables variables) {
		QueryCost.Cost cost = this.queryCost.priced(schema, document, operationName, variables);
		return new Priced(cost, DocumentWork.of(document, this.maxCost));
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

	private record Priced(QueryCost.Cost cost, long work) {

		long total() {
			return this.cost.total();
		}

		long running(Predicate<String> mayRun) {
			return this.cost.running(mayRun);
		}

	}

}
