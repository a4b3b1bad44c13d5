package dev.svc.graphql.identity;

import java.util.Set;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.security.PermissionDefinition;
import dev.svc.graphql.test.GraphQlTestRequests;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.StatementCounter;
import dev.svc.graphql.test.TestDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.graphql.ExecutionGraphQlResponse;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code users} page with its nested roles and organization units costs the same number
 * of SQL statements whatever its size: the page with its count, then the roles and units
 * of the page. The caller's permissions are read once, then kept.
 */
@OnEveryDatabase
@SpringBootTest(classes = { TestHostApplication.class, UsersQueryStatementCountTests.Counting.class },
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UsersQueryStatementCountTests {

	private static final int TENANT = 60;

	private static final UserContext TENANT_ADMIN = new UserContext(6000L, "admin", TENANT,
			Set.of(PermissionDefinition.USERS));

	private static final String QUERY = """
			query($size: Int) {
			  users(maxResultCount: $size) {
			    totalCount
			    items { id userName roles { id name } organizationUnits { id code } }
			  }
			}""";

	@Autowired
	private ExecutionGraphQlService service;

	@Autowired
	private StatementCounter counter;

	@Autowired
	private JdbcClient jdbc;

	@BeforeAll
	void createOneHundredUsersWithTwoRolesAndTwoUnitsEach() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (60, 'Bulk', 'Bulk', current_timestamp)")
			.update();
		this.jdbc
			.sql("insert into svc_roles (id, tenant_id, name, display_name, creation_time) values"
					+ " (60, 60, 'A', 'A', current_timestamp), (61, 60, 'B', 'B', current_timestamp)")
			.update();
		this.jdbc
			.sql("insert into svc_organization_units (id, tenant_id, code, display_name, creation_time) values"
					+ " (60, 60, '00001', 'U1', current_timestamp), (61, 60, '00002', 'U2', current_timestamp)")
			.update();
		for (int i = 0; i < 100; i++) {
			long id = 6000 + i;
			this.jdbc.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname,"
					+ " email_address, normalized_email_address, password_hash, creation_time)"
					+ " values (:id, 60, :name, upper(:name), :name, 'Bulk', :email, upper(:email), 'x', current_timestamp)")
				.param("id", id)
				.param("name", "user%03d".formatted(i))
				.param("email", "user%03d@bulk.example".formatted(i))
				.update();
			this.jdbc.sql("insert into svc_user_roles (user_id, role_id) values (:id, 60), (:id, 61)")
				.param("id", id)
				.update();
			this.jdbc.sql(
					"insert into svc_user_organization_units (user_id, organization_unit_id) values (:id, 60), (:id, 61)")
				.param("id", id)
				.update();
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 10, 100 })
	void shouldNotGrowTheStatementCountWithThePageSize(int pageSize) {
		this.counter.reset();
		ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service, QUERY,
				java.util.Map.of("size", pageSize), TENANT_ADMIN);
		int statements = this.counter.count();

		assertThat(response.getErrors()).isEmpty();
		assertThat((Integer) response.field("users.totalCount").getValue()).isEqualTo(100);
		assertThat((java.util.List<?>) response.field("users.items").getValue()).hasSize(pageSize);
		assertThat((Object) response.field("users.items[" + (pageSize - 1) + "].roles[1].name").getValue())
			.isEqualTo("B");
		assertThat((Object) response.field("users.items[" + (pageSize - 1) + "].organizationUnits[1].code").getValue())
			.isEqualTo("00002");
		System.out.printf("users page of %d with roles and organization units: %d SQL statements%n", pageSize,
				statements);
		assertThat(statements).isEqualTo(2);
	}

	/**
	 * On MariaDB and MySQL a text's first page counts the users of its trigrams first,
	 * and keeps the counts for the pages after it.
	 */
	@ParameterizedTest
	@ValueSource(strings = { "user01", "BULK.EXAMPLE" })
	void shouldCountAFilteredPageInThePagesStatement(String filter) {
		for (int statements : TestDatabase.isMariaDb() ? new int[] { 3, 2 } : new int[] { 2, 2 }) {
			this.counter.reset();
			ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service, """
					query($filter: String) {
					  users(filter: $filter, sorting: "emailAddress desc", maxResultCount: 5) {
					    totalCount
					    items { userName roles { name } organizationUnits { code } }
					  }
					}""", java.util.Map.of("filter", filter), TENANT_ADMIN);
			assertThat(response.getErrors()).isEmpty();
			assertThat((Integer) response.field("users.totalCount").getValue())
				.isEqualTo(filter.equals("user01") ? 10 : 100);
			assertThat((Object) response.field("users.items[0].userName").getValue())
				.isEqualTo(filter.equals("user01") ? "user019" : "user099");
			assertThat(this.counter.count()).isEqualTo(statements);
		}
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 100 })
	void shouldSkipWhatIsNotSelected(int pageSize) {
		this.counter.reset();
		ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service,
				"query($size: Int) { users(maxResultCount: $size) { items { userName } } }",
				java.util.Map.of("size", pageSize), TENANT_ADMIN);
		assertThat(response.getErrors()).isEmpty();
		assertThat(this.counter.count()).isEqualTo(1);
	}

	@ParameterizedTest
	@ValueSource(ints = { 1, 10, 100 })
	void shouldAnswerAConnectionPageInAsManyStatementsWhereverItStarts(int pageSize) {
		String query = """
				query($size: Int, $after: String) {
				  usersConnection(first: $size, after: $after) {
				    totalCount
				    edges { cursor node { id roles { id name } organizationUnits { id code } } }
				    pageInfo { endCursor }
				  }
				}""";
		this.counter.reset();
		ExecutionGraphQlResponse first = GraphQlTestRequests.execute(this.service, query, java.util.Map.of("size", 10),
				TENANT_ADMIN);
		assertThat(first.getErrors()).isEmpty();
		assertThat(this.counter.count()).as("the window with the kept count, then roles and units").isEqualTo(2);
		this.counter.reset();
		java.util.Map<String, Object> variables = new java.util.HashMap<>(java.util.Map.of("size", pageSize));
		variables.put("after", first.field("usersConnection.pageInfo.endCursor").getValue());
		ExecutionGraphQlResponse next = GraphQlTestRequests.execute(this.service, query, variables, TENANT_ADMIN);
		assertThat(next.getErrors()).isEmpty();
		assertThat((java.util.List<?>) next.field("usersConnection.edges").getValue()).hasSize(Math.min(pageSize, 90));
		assertThat(this.counter.count()).isEqualTo(2);
		this.counter.reset();
		assertThat(GraphQlTestRequests
			.execute(this.service, "{ usersConnection(first: 5) { edges { node { userName } } } }", TENANT_ADMIN)
			.getErrors()).isEmpty();
		assertThat(this.counter.count()).as("nothing but the window").isEqualTo(1);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Counting {

		@Bean
		static StatementCounter statementCounter() {
			return new StatementCounter();
		}

	}

}
