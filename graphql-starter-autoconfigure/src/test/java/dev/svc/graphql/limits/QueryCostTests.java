package dev.svc.graphql.limits;

import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.StatementCounter;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The cost limit knows the built-in queries: {@code users} costs its page size times what it
 * selects, so wide pages of nested lists are refused before anything runs, permission check
 * included. Costs add up without overflow, whatever the page sizes asked for.
 */
@SpringBootTest(classes = { TestHostApplication.class, QueryCostTests.Counting.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=query-cost-test-key-0123456789abcdef",
				// a signed-in request reads no SQL of its own once its session and permissions are
				// checked, so that the statements counted are the query's
				"graphql.sign-in.token.session-check-interval=1h", "graphql.identity.permission-cache-duration=1h" })
class QueryCostTests {

	/** What each page of the attack selects: 13, so that a page of 1000 costs 13,001. */
	private static final String NESTED_PAGE = "{ totalCount items { id userName name surname emailAddress"
			+ " roles { id name } organizationUnits { id code } } }";

	@LocalServerPort
	private int port;

	@Autowired
	private StatementCounter statements;

	@Test
	void shouldRefuseWidePagesThatOnePageOfTheLargestIntCannotHide() {
		HttpTestClient http = new HttpTestClient(this.port);
		String admin = http.bearerToken("", "admin", "123qwe");
		assertThat(http.graphQl("/graphql", "{ users(maxResultCount: 1) { totalCount } }", "Authorization", admin).body())
			.as("the administrator may read users").contains("\"totalCount\"");
		StringBuilder pages = new StringBuilder("{");
		for (int i = 0; i < 14; i++) {
			pages.append(" p").append(i).append(": users(maxResultCount: 1000) ").append(NESTED_PAGE);
		}
		assertThat(http.graphQl("/graphql", pages + " }", "Authorization", admin).body())
			.contains("The query's cost is 182014, over the limit of 5000");

		this.statements.reset();
		Response response = http.graphQl("/graphql",
				pages + " wrap: users(maxResultCount: 2147483647) " + NESTED_PAGE + " }", "Authorization", admin);

		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("\"code\":\"QUERY_TOO_COMPLEX\"")
			.contains("The query's cost is 27917469426, over the limit of 5000")
			.doesNotContain("\"data\"");
		assertThat(this.statements.count()).as("SQL statements run").isZero();
	}

	@Test
	void shouldRefuseAPageWhoseNestedListsCostTooMuch() throws Exception {
		Response response = new HttpTestClient(this.port).graphQl("/graphql",
				"{ users(maxResultCount: 1000) { items { roles { id } organizationUnits { id } } } }");
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The query's cost is 5001, over the limit of 5000 (graphql.limits.max-cost). A list field costs its page size times what it selects: ask for smaller pages, or fewer fields.",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""", response.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseAliasesOfWidePages() {
		StringBuilder query = new StringBuilder("{");
		for (int i = 0; i < 15; i++) {
			query.append(" u").append(i).append(": users(maxResultCount: 1000) { items { name } }");
		}
		Response response = new HttpTestClient(this.port).graphQl("/graphql", query.append(" }").toString());
		assertThat(response.body()).contains("The query's cost is 30015, over the limit of 5000");
	}

	@Test
	void shouldLetAWidePageOfFewFieldsThrough() {
		assertThat(new HttpTestClient(this.port)
			.graphQl("/graphql", "{ users(maxResultCount: 1000) { totalCount items { name surname } } }")
			.body()).contains("\"code\":\"SVC_AUTHORIZATION\"");
	}

	@Test
	void shouldCostAnOperationAgainAtEveryRunWhoseCostItsVariablesDecide() {
		HttpTestClient http = new HttpTestClient(this.port);
		String wide = "{ users(maxResultCount: 1000) { items { roles { id } organizationUnits { id } } } }";
		assertThat(http.graphQl("/graphql", wide).body()).contains("The query's cost is 5001");
		assertThat(http.graphQl("/graphql", wide).body()).contains("The query's cost is 5001");
		String page = "query Page($size: Int) { users(maxResultCount: $size) { items { roles { id } organizationUnits { id } } } }";
		assertThat(variables(http, page, 1000).body()).contains("The query's cost is 5001");
		assertThat(variables(http, page, 10).body()).contains("\"code\":\"SVC_AUTHORIZATION\"");
		assertThat(variables(http, page, 1000).body()).contains("The query's cost is 5001");
	}

	private static Response variables(HttpTestClient http, String query, int size) {
		return http.post("/graphql", "application/json",
				HttpTestClient.json(Map.of("query", query, "variables", Map.of("size", size))));
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Counting {

		@Bean
		static StatementCounter statementCounter() {
			return new StatementCounter();
		}

	}

}
