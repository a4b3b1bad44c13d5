package dev.svc.graphql.persisted;

import java.time.Clock;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.HttpHeaders;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The automatic persisted queries that every instance shares, in the module's table on
 * the real database: a hash another instance learned runs here at once; a hash and text
 * that ran for a caller given the permission of a {@code Query} field are saved, one that
 * did not run or that an anonymous caller or a user without permissions sent is not; a
 * saved text that is not its hash's is never run; the table keeps within its budget, and
 * each account within its share, making room from its own texts.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=shared-persisted-test-key-0123456789abcdef",
				"graphql.shared-store=database" })
@AutoConfigureMockMvc
class SharedPersistedQueriesTests {

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private DataSource dataSource;

	private JdbcTemplate jdbc;

	@BeforeEach
	void emptyTheTable() {
		this.jdbc = new JdbcTemplate(this.dataSource);
		this.jdbc.update("delete from svc_persisted_queries");
	}

	@Test
	void shouldRunAHashAnotherInstanceLearned() {
		String query = "{ learnedElsewhere: __typename }";
		this.jdbc.update("insert into svc_persisted_queries (hash, document, bytes, created_at) values (?, ?, ?, 0)",
				PersistedQuery.sha256(query), query, query.length());

		MvcTestResult byHash = byHash(query);

		assertThat(byHash).hasStatus(200);
		assertThat(body(byHash)).isEqualTo("{\"data\":{\"learnedElsewhere\":\"Query\"}}");
	}

	@Test
	void shouldSaveTheHashAndTextThatRanOfACallerGivenAPermissionAndNothingElse() {
		String admin = bearerToken(this.mvc, "", "admin", "123qwe");
		String withoutPermissions = bearerToken(this.mvc, "Default", "jdoe", "123qwe");
		String ran = "{ ranHere: __typename }";
		String invalid = "{ noSuchField }";
		String anonymous = "{ sentAnonymously: __typename }";
		String unpermitted = "{ sentWithoutPermissions: __typename }";
		assertThat(body(byHash(ran))).contains("PERSISTED_QUERY_NOT_FOUND");

		assertThat(withText(ran, admin)).hasStatus(200);
		assertThat(withText(invalid, admin)).hasStatus(400);
		assertThat(withText(anonymous, null)).hasStatus(200);
		assertThat(withText(unpermitted, withoutPermissions)).hasStatus(200);

		assertThat(this.jdbc.queryForList("select document from svc_persisted_queries", String.class))
			.containsExactly(ran);
		assertThat(this.jdbc.queryForList("select saved_by from svc_persisted_queries", String.class))
			.containsExactly("/1");
	}

	@Test
	void shouldNeverRunASavedTextThatIsNotItsHashs() {
		String asked = "{ asked: __typename }";
		this.jdbc.update("insert into svc_persisted_queries (hash, document, bytes, created_at) values (?, ?, ?, 0)",
				PersistedQuery.sha256(asked), "{ planted: __typename }", 20);

		assertThat(body(byHash(asked))).contains("PERSISTED_QUERY_NOT_FOUND").doesNotContain("planted");
	}

	@Test
	void shouldKeepTheTableWithinItsBudget() {
		TransactionTemplate outside = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
		outside.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
		JdbcPersistedQueries store = new JdbcPersistedQueries(JdbcClient.create(this.dataSource), outside,
				Clock.systemUTC(), 8_000);
		String text = "{ " + "a".repeat(80) + ": __typename }";
		IntStream.range(0, JdbcPersistedQueries.CHECK_EVERY)
			.forEach((i) -> store.save(PersistedQuery.sha256(i + text), i + text, "1/" + i));

		assertThat(store.held()).isBetween(4_000L, 8_000L);
		assertThat(store.find(PersistedQuery.sha256((JdbcPersistedQueries.CHECK_EVERY - 1) + text)))
			.as("the newest stays")
			.isNotNull();
		store.save(PersistedQuery.sha256("0" + text), "0" + text, "1/0");
	}

	@Test
	void shouldMakeRoomForAnAccountsTextsFromItsOwnAlone() {
		TransactionTemplate outside = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
		outside.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
		JdbcPersistedQueries store = new JdbcPersistedQueries(JdbcClient.create(this.dataSource), outside,
				Clock.systemUTC(), 64_000);
		String administrators = "{ administrators: __typename }";
		store.save(PersistedQuery.sha256(administrators), administrators, "/1");
		// the attack: one account sends texts past the whole budget
		String text = "{ " + "a".repeat(700) + ": __typename }";
		for (int i = 0; i < 120; i++) {
			store.save(PersistedQuery.sha256(i + text), i + text, "1/3");
		}

		assertThat(store.find(PersistedQuery.sha256(administrators))).as("what another account saved").isNotNull();
		assertThat(store.heldBy("1/3")).isPositive().isLessThanOrEqualTo(PersistedQuery.accountShare(64_000));
		assertThat(store.find(PersistedQuery.sha256(119 + text))).as("its newest").isNotNull();
	}

	private MvcTestResult byHash(String query) {
		return postJson(this.mvc, "/graphql", "{\"extensions\": " + extensions(query) + "}").exchange();
	}

	private MvcTestResult withText(String query, @Nullable String authorization) {
		MockMvcRequestBuilder request = postJson(this.mvc, "/graphql",
				"{\"query\": \"" + query + "\", \"extensions\": " + extensions(query) + "}");
		if (authorization != null) {
			request.header(HttpHeaders.AUTHORIZATION, authorization);
		}
		return request.exchange();
	}

	private static String extensions(String query) {
		return "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(query) + "\"}}";
	}

}
