package dev.svc.graphql.limits;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.StatementCounter;
import dev.svc.graphql.test.TestHostApplication;
import graphql.execution.CoercedVariables;
import graphql.parser.Parser;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost limit knows the built-in queries: {@code users} costs its page size times what
 * it selects, so wide pages of nested lists are refused before anything runs, permission
 * check included. Costs add up without overflow, whatever the page sizes asked for.
 */
@SpringBootTest(classes = { TestHostApplication.class, QueryCostTests.Counting.class },
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=query-cost-test-key-0123456789abcdef",
				// every caller sees users, so that an anonymous caller's page is costed
				// before its permission is checked (with the default visibility it does
				// not pass validation)
				"graphql.schema.visibility=all" })
@AutoConfigureMockMvc
// a clock that stands still: a signed-in request reads no SQL of its own once its session
// and permissions are checked, so that the statements counted are the query's
@Import(MutableClock.Bean.class)
class QueryCostTests {

	/** What each page of the attack selects: 13, so that a page of 1000 costs 13,001. */
	private static final String NESTED_PAGE = "{ totalCount items { id userName name surname emailAddress"
			+ " roles { id name } organizationUnits { id code } } }";

	/**
	 * Page sizes an attacker tries first: the ends of the type, around 0 and around the
	 * limits.
	 */
	private static final int[] EXTREME_PAGES = { Integer.MIN_VALUE, Integer.MIN_VALUE + 1, -1000, -1, 0, 1, 10, 1000,
			1001, 5000, Integer.MAX_VALUE / 13, Integer.MAX_VALUE - 1, Integer.MAX_VALUE };

	/** What a {@code users} page of the generated queries may select. */
	private static final List<Selection> SELECTIONS = List.of(new Selection("{ __typename }", 0),
			new Selection("{ totalCount }", 1), new Selection("{ items { name } }", 2),
			new Selection("{ items { __typename id roles { id } } }", 4), new Selection(NESTED_PAGE, 13));

	private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private StatementCounter statements;

	@Autowired
	private GraphQlSource graphQl;

	@Autowired
	private RootContainer container;

	@Test
	void shouldRefuseWidePagesThatOnePageOfTheLargestIntCannotHide() {
		String admin = bearerToken(this.mvc, "", "admin", "123qwe");
		assertThat(
				body(graphQl("{ users(maxResultCount: 1) { totalCount } }").header("Authorization", admin).exchange()))
			.as("the administrator may read users")
			.contains("\"totalCount\"");
		StringBuilder pages = new StringBuilder("{");
		for (int i = 0; i < 14; i++) {
			pages.append(" p").append(i).append(": users(maxResultCount: 1000) ").append(NESTED_PAGE);
		}
		assertThat(body(graphQl(pages + " }").header("Authorization", admin).exchange()))
			.contains("The query's cost is 182014, over the limit of 5000");

		this.statements.reset();
		MvcTestResult response = graphQl(pages + " wrap: users(maxResultCount: 2147483647) " + NESTED_PAGE + " }")
			.header("Authorization", admin)
			.exchange();

		// a page over the largest size is refused by its own check and reads nothing: it
		// costs nothing, and hides nothing of the others' cost either
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("\"code\":\"QUERY_TOO_COMPLEX\"")
			.contains("The query's cost is 182014, over the limit of 5000")
			.doesNotContain("\"data\"");
		assertThat(this.statements.count()).as("SQL statements run").isZero();
	}

	@Test
	void shouldRefuseAPageWhoseNestedListsCostTooMuch() {
		MvcTestResult response = graphQl(
				"{ users(maxResultCount: 1000) { items { roles { id } organizationUnits { id } } } }")
			.exchange();
		assertThat(response).hasStatus(400);
		assertThat(response).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"errors": [{"message": "The query's cost is 5001, over the limit of 5000 (graphql.limits.max-cost). A list field costs its page size times what it selects: ask for smaller pages, or fewer fields.",
							  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""");
	}

	@Test
	void shouldRefuseAliasesOfWidePages() {
		StringBuilder query = new StringBuilder("{");
		for (int i = 0; i < 15; i++) {
			query.append(" u").append(i).append(": users(maxResultCount: 1000) { items { name } }");
		}
		MvcTestResult response = graphQl(query.append(" }").toString()).exchange();
		assertThat(body(response)).contains("The query's cost is 30015, over the limit of 5000");
	}

	@Test
	void shouldAnswerAPageOverItsMaximumWithItsOwnErrorRatherThanTheCostLimit() {
		String admin = bearerToken(this.mvc, "", "admin", "123qwe");
		MvcTestResult response = graphQl(
				"{ users(maxResultCount: 1001) { items { roles { id } organizationUnits { id } } } }")
			.header("Authorization", admin)
			.exchange();
		assertThat(response).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"data": null, "errors": [{
							  "message": "Error trying to resolve users. maxResultCount must be between 0 and 1000, got 1001. Page through larger results with skipCount.",
							  "locations": [{"line": 1, "column": 3}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""");
		assertThat(body(graphQl("{ usersConnection(first: 5000) { edges { node { roles { id } } } } }")
			.header("Authorization", admin)
			.exchange())).contains("first must be between 0 and 1000, got 5000")
			.contains("\"code\":\"BAD_USER_INPUT\"");
	}

	@Test
	void shouldLetAWidePageOfFewFieldsThrough() {
		assertThat(body(graphQl("{ users(maxResultCount: 1000) { totalCount items { name surname } } }").exchange()))
			.contains("\"code\":\"SVC_AUTHORIZATION\"");
	}

	@Test
	void shouldCostAnOperationAgainAtEveryRunWhoseCostItsVariablesDecide() {
		String wide = "{ users(maxResultCount: 1000) { items { roles { id } organizationUnits { id } } } }";
		assertThat(body(graphQl(wide).exchange())).contains("The query's cost is 5001");
		assertThat(body(graphQl(wide).exchange())).contains("The query's cost is 5001");
		String page = "query Page($size: Int) { users(maxResultCount: $size) { items { roles { id } organizationUnits { id } } } }";
		assertThat(body(variables(page, 1000))).contains("The query's cost is 5001");
		assertThat(body(variables(page, 10))).contains("\"code\":\"SVC_AUTHORIZATION\"");
		assertThat(body(variables(page, 1000))).contains("The query's cost is 5001");
	}

	@Test
	void shouldCostRandomPagesExactlyWhateverTheirSizes() {
		Random random = new Random(15);
		QueryCost cost = new QueryCost(this.container);
		for (int run = 0; run < 2000; run++) {
			List<Page> pages = new ArrayList<>();
			for (int i = random.nextInt(1, 21); i > 0; i--) {
				pages.add(new Page(randomSize(random), randomSize(random), random.nextBoolean(),
						SELECTIONS.get(random.nextInt(SELECTIONS.size()))));
			}
			Query query = new Query(pages, random.nextBoolean());
			long computed = cost(cost, query);
			BigInteger truth = query.trueCost();

			assertThat(computed).as(query.document()).isNotNegative().isEqualTo(truth.min(LONG_MAX).longValueExact());
			if (truth.compareTo(BigInteger.valueOf(5000)) > 0) {
				assertThat(computed).as(query.document()).isGreaterThan(5000);
			}
			// within the sizes allowed, a smaller page never costs more
			int shrunk = random.nextInt(pages.size());
			Integer size = pages.get(shrunk).size();
			int current = (size != null) ? size : 10;
			if (current < 0 || current > 1000) {
				continue;
			}
			int smallerSize = random.nextInt(0, current + 1);
			Query smaller = query.withSize(shrunk, smallerSize);
			assertThat(computed).as(query.document() + " against " + smaller.document())
				.isGreaterThanOrEqualTo(cost(cost, smaller));
		}
	}

	@Test
	void shouldDeclareAUsersPageCostThatNeverWrapsForAnyLongPageSize() {
		Random random = new Random(15);
		List<Long> extremes = List.of(Long.MIN_VALUE, -1L, 0L, 1L, 1000L, (long) Integer.MAX_VALUE, Long.MAX_VALUE / 2,
				Long.MAX_VALUE - 1, Long.MAX_VALUE);
		for (int run = 0; run < 10_000; run++) {
			long size = (run % 2 == 0) ? extremes.get(random.nextInt(extremes.size())) : random.nextLong();
			long selectionCost = (run % 3 == 0) ? extremes.get(random.nextInt(extremes.size())) & Long.MAX_VALUE
					: random.nextLong(0, Long.MAX_VALUE);
			long declared = this.container.cost("users", Map.of("maxResultCount", size), selectionCost);
			BigInteger truth = (size < 0 || size > 1000) ? BigInteger.ZERO
					: BigInteger.ONE.add(BigInteger.valueOf(size).multiply(BigInteger.valueOf(selectionCost)));

			assertThat(declared).as("page of %d costing %d each", size, selectionCost)
				.isEqualTo(truth.min(LONG_MAX).longValueExact());
			if (size < 0 || size > 1000) {
				continue;
			}
			long smallerSize = random.nextLong(0, size + 1);
			assertThat(declared).isGreaterThanOrEqualTo(
					this.container.cost("users", Map.of("maxResultCount", smallerSize), selectionCost));
		}
	}

	private MvcTestResult variables(String query, int size) {
		return postJson(this.mvc, "/graphql", json(Map.of("query", query, "variables", Map.of("size", size))))
			.exchange();
	}

	private MockMvcRequestBuilder graphQl(String document) {
		return MockMvcRequests.graphQl(this.mvc, "/graphql", document);
	}

	private static @Nullable Integer randomSize(Random random) {
		return switch (random.nextInt(4)) {
			case 0 -> null;
			case 1 -> random.nextInt();
			default -> EXTREME_PAGES[random.nextInt(EXTREME_PAGES.length)];
		};
	}

	private long cost(QueryCost cost, Query query) {
		return cost.of(this.graphQl.schema(), Parser.parse(query.document()), null,
				CoercedVariables.of(query.variables()));
	}

	/**
	 * What a page selects of each user.
	 *
	 * @param text the selection set
	 * @param cost what it costs per user: each field once, {@code __typename} nothing
	 */
	private record Selection(String text, long cost) {
	}

	/**
	 * One alias of {@code users} in a generated query.
	 *
	 * @param size its {@code maxResultCount}, or {@code null} for none (the default, 10)
	 * @param skipCount its {@code skipCount}, or {@code null} for none
	 * @param inline whether its arguments are literals rather than variables
	 * @param selection what it selects
	 */
	private record Page(@Nullable Integer size, @Nullable Integer skipCount, boolean inline, Selection selection) {

		// a page size that users refuses (below 0, over 1000) reads nothing and costs
		// nothing
		BigInteger trueCost() {
			long users = (this.size != null) ? this.size : 10;
			if (users < 0 || users > 1000) {
				return BigInteger.ZERO;
			}
			return BigInteger.ONE.add(BigInteger.valueOf(users).multiply(BigInteger.valueOf(this.selection.cost())));
		}

	}

	/**
	 * A query of aliased pages, and a {@code greeting} (cost 1) when {@code greeting} is
	 * set.
	 */
	private record Query(List<Page> pages, boolean greeting) {

		String document() {
			StringBuilder variables = new StringBuilder();
			StringBuilder fields = new StringBuilder();
			for (int i = 0; i < this.pages.size(); i++) {
				Page page = this.pages.get(i);
				List<String> arguments = new ArrayList<>();
				argument(arguments, variables, "maxResultCount", "size" + i, page.size(), page.inline());
				argument(arguments, variables, "skipCount", "skip" + i, page.skipCount(), page.inline());
				fields.append(" p")
					.append(i)
					.append(": users")
					.append(arguments.isEmpty() ? "" : "(" + String.join(", ", arguments) + ")")
					.append(' ')
					.append(page.selection().text());
			}
			return "query" + (variables.isEmpty() ? "" : "(" + variables + ")") + " {" + fields
					+ (this.greeting ? " greeting" : "") + " }";
		}

		private static void argument(List<String> arguments, StringBuilder variables, String name, String variable,
				@Nullable Integer value, boolean inline) {
			if (value == null) {
				return;
			}
			if (inline) {
				arguments.add(name + ": " + value);
				return;
			}
			arguments.add(name + ": $" + variable);
			variables.append(variables.isEmpty() ? "" : ", ").append('$').append(variable).append(": Int");
		}

		Map<String, Object> variables() {
			Map<String, Object> values = new HashMap<>();
			for (int i = 0; i < this.pages.size(); i++) {
				Page page = this.pages.get(i);
				if (!page.inline() && page.size() != null) {
					values.put("size" + i, page.size());
				}
				if (!page.inline() && page.skipCount() != null) {
					values.put("skip" + i, page.skipCount());
				}
			}
			return values;
		}

		BigInteger trueCost() {
			return this.pages.stream()
				.map(Page::trueCost)
				.reduce(this.greeting ? BigInteger.ONE : BigInteger.ZERO, BigInteger::add);
		}

		Query withSize(int index, int size) {
			List<Page> pages = new ArrayList<>(this.pages);
			Page page = pages.get(index);
			pages.set(index, new Page(size, page.skipCount(), page.inline(), page.selection()));
			return new Query(pages, this.greeting);
		}

	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Counting {

		@Bean
		static StatementCounter statementCounter() {
			return new StatementCounter();
		}

	}

}
