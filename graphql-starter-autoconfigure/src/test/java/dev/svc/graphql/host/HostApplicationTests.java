package dev.svc.graphql.host;

import java.util.ArrayList;
import java.util.List;

import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.context.UserContextResolver;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.test.EmptyIdentityStore;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestDatabase;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User.UserBuilder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Small host applications of their own, each with something a real host already has, and
 * the starter switched on beside it: the host's part keeps working exactly as before.
 */
@OnEveryDatabase
class HostApplicationTests {

	private static final String[] ALICE = { "Authorization", "Basic YWxpY2U6d29uZGVybGFuZA==" };

	private static final String[] ALICE_WRONG = { "Authorization", "Basic YWxpY2U6d3Jvbmc=" };

	/**
	 * A host with its own security filter chain and its own users (in memory, HTTP
	 * Basic).
	 */
	@Nested
	@SpringBootTest(classes = HostWithItsOwnUsers.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true" })
	class WithItsOwnSecurity {

		@LocalServerPort
		private int port;

		@Test
		void shouldKeepSigningItsOwnUsersIn() {
			HttpTestClient http = new HttpTestClient(this.port);
			Response hello = http.get("/hello", ALICE);
			assertThat(hello.status()).isEqualTo(200);
			assertThat(hello.body()).isEqualTo("hello alice");
			assertThat(http.get("/hello", ALICE_WRONG).status()).isEqualTo(401);
			assertThat(http.get("/hello").status()).isEqualTo(401);
		}

		@Test
		void shouldNotLetTheModulesUsersIntoTheHostsPaths() {
			String demoAdmin = "Basic " + java.util.Base64.getEncoder().encodeToString("admin:123qwe".getBytes());
			assertThat(new HttpTestClient(this.port).get("/hello", "Authorization", demoAdmin).status()).isEqualTo(401);
		}

		@Test
		void shouldServeTheEndpointBesideIt() {
			Response response = new HttpTestClient(this.port).graphQl("/graphql", "{ greeting }");
			assertThat(response.status()).isEqualTo(200);
			assertThat(response.body()).contains("Hello world");
		}

	}

	/**
	 * A host with Flyway migrations of its own, starting at {@code V1__}.
	 */
	@Nested
	@SpringBootTest(classes = PlainHost.class, webEnvironment = SpringBootTest.WebEnvironment.NONE,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"spring.flyway.locations=classpath:db/host-migration" })
	class WithItsOwnMigrations {

		@Autowired
		private JdbcClient jdbc;

		@Test
		void shouldKeepBothHistoriesApart() {
			assertThat(this.jdbc.sql("select item from host_orders").query(String.class).single()).isEqualTo("tea");
			assertThat(this.jdbc.sql("select count(*) from svc_users").query(Integer.class).single()).isZero();
			assertThat(versions("flyway_schema_history")).containsExactly("1");
			// PostgreSQL and MariaDB have one migration of their own more each
			// (PostgreSQL's V11: byte-order collation of two columns; MariaDB's V12: the
			// table of the users' trigrams)
			List<String> shared = List.of("0", "1", "2", "3", "4", "5", "6", "7", "8", "10");
			List<String> module = new ArrayList<>(shared);
			if (TestDatabase.isPostgres()) {
				module.add("11");
			}
			if (TestDatabase.isMariaDb()) {
				module.add("12");
			}
			module.addAll(List.of("13", "14", "15", "16", "17", "18"));
			assertThat(versions("svc_schema_history")).containsExactlyElementsOf(module);
		}

		private List<String> versions(String historyTable) {
			// Flyway quotes its columns' lower-case names, which H2 would read in upper
			// case unquoted
			String sql = "select \"version\" from \"" + historyTable
					+ "\" where \"success\" = true and \"version\" is not null order by \"installed_rank\"";
			return this.jdbc.sql(TestDatabase.isMariaDb() ? sql.replace('"', '`') : sql).query(String.class).list();
		}

	}

	/**
	 * A host that keeps its identity data in a store of its own.
	 */
	@Nested
	@SpringBootTest(classes = { PlainHost.class, OwnStore.class }, webEnvironment = SpringBootTest.WebEnvironment.NONE,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/" })
	class WithItsOwnIdentityStore {

		@Autowired
		private JdbcClient jdbc;

		@Test
		void shouldGetNoModuleTables() {
			// MariaDB's information schema lists the tables of every database on the
			// server
			String ofThisDatabase = TestDatabase.isMariaDb() ? " and table_schema = database()" : "";
			assertThat(this.jdbc
				.sql("select count(*) from information_schema.tables where lower(table_name) like 'svc!_%' escape '!'"
						+ ofThisDatabase)
				.query(Integer.class)
				.single()).isZero();
		}

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(TestHandlers.GreetingConfiguration.class)
	static class PlainHost {

	}

	@SpringBootConfiguration
	@EnableAutoConfiguration
	@Import(TestHandlers.GreetingConfiguration.class)
	static class HostWithItsOwnUsers {

		@Bean
		SecurityFilterChain hostSecurity(HttpSecurity http) {
			return http.authorizeHttpRequests((requests) -> requests.anyRequest().authenticated())
				.httpBasic(Customizer.withDefaults())
				.build();
		}

		@Bean
		InMemoryUserDetailsManager hostUsers() {
			UserBuilder users = org.springframework.security.core.userdetails.User.builder();
			return new InMemoryUserDetailsManager(
					users.username("alice").password("{noop}wonderland").roles("USER").build());
		}

		@Bean
		HelloController helloController() {
			return new HelloController();
		}

	}

	@RestController
	static class HelloController {

		@GetMapping("/hello")
		String hello(java.security.Principal user) {
			return "hello " + user.getName();
		}

	}

	static class OwnStore {

		@Bean
		IdentityStore ownIdentityStore() {
			return new EmptyIdentityStore();
		}

		@Bean
		UserContextResolver userContextResolver() {
			return (request) -> UserContext.anonymous(null);
		}

	}

}
