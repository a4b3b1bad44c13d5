package dev.svc.graphql.identity;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The substring filter finds what a search of the four columns finds, on every database;
 * on MariaDB (and MySQL) through the table of the users' trigrams, which its triggers
 * keep exact.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UserTrigramsTests {

	private static final int TENANT = 57;

	/**
	 * Few characters, so that texts recur; an accent, a character beyond 16 bits, spaces,
	 * the pattern's own.
	 */
	private static final String[] PIECES = { "a", "b", "A", "c", "é", "😀", " ", "%", "_", "!", "ab", "abc" };

	private final Random random = new Random(20261124);

	@Autowired
	private IdentityStore store;

	@Autowired
	private JdbcClient jdbc;

	private final List<String> filters = new ArrayList<>();

	@BeforeAll
	void createUsersOfFewCharacters() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (:id, 'Trigrams', 'T', current_timestamp)")
			.param("id", TENANT)
			.update();
		for (int i = 0; i < 300; i++) {
			insertUser(5700 + i, TENANT, text(10) + i, text(8), text(12), text(6) + i + "@" + text(4));
		}
		for (int i = 0; i < 150; i++) {
			// pieces of the users' own texts (most of them found), and texts made up
			List<String> columns = columns(5700 + this.random.nextInt(300));
			String column = columns.get(this.random.nextInt(columns.size()));
			int[] characters = column.codePoints().toArray();
			int start = (characters.length == 0) ? 0 : this.random.nextInt(characters.length);
			String piece = new String(characters, start,
					Math.min(characters.length - start, 1 + this.random.nextInt(6)));
			this.filters.add((i % 3 == 0) ? text(5) : piece.toLowerCase(Locale.ROOT));
		}
		this.filters.addAll(List.of("😀😀", "ab", "abc", "ABCA", " abc ", "@", "%", "_a", "!", "1@", "zzz", "é😀a"));
	}

	@Test
	void shouldFindExactlyTheUsersWhoseColumnsHoldTheText() {
		assertFindsWhatASearchFinds(this.store);
	}

	@Test
	void shouldFindNamesAsTheDatabaseUpperCasesThemAndUserNamesAsHostsDo() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (59, 'Cases', 'C', current_timestamp)")
			.update();
		insertUser(6900, 59, "sm", "Straße", "Müller", "sm@example.com");
		insertUser(6901, 59, "nino", "Nino", "ნინო", "nino@example.com");
		insertUser(6902, 59, "straße", "X", "Y", "x@example.com");
		// ß has no one-character upper case: Java writes SS, PostgreSQL and MariaDB keep
		// ß; Java upper-cases Georgian letters (Mtavruli), MariaDB does not
		assertThat(idsFound(59, "straße")).containsExactly(6900L, 6902L);
		assertThat(idsFound(59, "STRAßE")).containsExactly(6900L, 6902L);
		assertThat(idsFound(59, "ße")).containsExactly(6900L, 6902L);
		assertThat(idsFound(59, "ნინო")).containsExactly(6901L);
		assertThat(idsFound(59, "ნინ")).containsExactly(6901L);
		assertThat(idsFound(59, "müller")).containsExactly(6900L);
		assertThat(idsFound(59, "ÜLL")).containsExactly(6900L);
	}

	@Test
	@EnabledIfSystemProperty(named = "svc.test.database", matches = "mariadb")
	void shouldTakeEveryTrigramOfTheWidestSearchedColumn() {
		int widest = this.jdbc
			.sql("select max(character_maximum_length) from information_schema.columns"
					+ " where table_schema = database() and table_name = 'svc_users' and column_name in"
					+ " ('normalized_name', 'normalized_surname', 'normalized_user_name', 'normalized_email_address')")
			.query(Integer.class)
			.single();
		assertThat(this.jdbc.sql("select count(*) from svc_trigram_positions where position between 1 and :last")
			.param("last", widest - 2)
			.query(Integer.class)
			.single()).isEqualTo(widest - 2);
		assertThat(this.jdbc.sql("select min(character_maximum_length) from information_schema.parameters"
				+ " where specific_schema = database() and specific_name in ('svc_add_user_trigrams', 'svc_remove_user_trigrams')"
				+ " and data_type = 'varchar'")
			.query(Integer.class)
			.single()).as("the procedures' texts").isGreaterThanOrEqualTo(widest);
	}

	@Test
	@EnabledIfSystemProperty(named = "svc.test.database", matches = "mariadb")
	void shouldFindTheSameWhenTrigramsAreCommonAndTheFilterGoesWithoutThem() {
		UserTrigrams trigrams = new UserTrigrams(this.jdbc, 5);
		assertThat(trigrams.narrowing(TENANT, "ABC")).as("a trigram of more than 5 users").isNull();
		assertThat(trigrams.narrowing(TENANT, "AB")).as("shorter than a trigram").isNull();
		assertThat(trigrams.narrowing(TENANT, "ZZZ")).as("a trigram of nobody").isNotNull();
		assertFindsWhatASearchFinds(new JdbcIdentityStore(this.jdbc, Clock.systemUTC(), Duration.ZERO, 1L, trigrams));
	}

	@Test
	@EnabledIfSystemProperty(named = "svc.test.database", matches = "mariadb")
	void shouldKeepEveryUsersTrigramsThroughInsertsChangesMovesAndDeletes() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (58, 'Moved', 'M', current_timestamp)")
			.update();
		this.jdbc.sql(
				"update svc_users set name = concat(name, ' '), access_failed_count = 1 where id between 5700 and 5709")
			.update();
		this.jdbc.sql("update svc_users set surname = 'Surname😀' where id between 5710 and 5719").update();
		this.jdbc.sql("update svc_users set normalized_email_address = 'MOVED@X' where id between 5720 and 5729")
			.update();
		this.jdbc.sql("update svc_users set tenant_id = 58 where id between 5730 and 5739").update();
		this.jdbc.sql("update svc_users set id = id + 100000 where id between 5740 and 5749").update();
		this.jdbc.sql("update svc_users set access_failed_count = access_failed_count + 1 where tenant_id = :tenant")
			.param("tenant", TENANT)
			.update();
		this.jdbc.sql("delete from svc_users where id between 5750 and 5759").update();
		assertThat(this.jdbc.sql("select tenant_key, trigram, user_id from svc_user_trigrams")
			.query((rs, row) -> rs.getInt(1) + " " + rs.getString(2) + " " + rs.getLong(3))
			.set()).isEqualTo(trigramsOfEveryUser(this.jdbc));
		this.jdbc.sql("update svc_users set tenant_id = :tenant where tenant_id = 58").param("tenant", TENANT).update();
	}

	@Test
	@EnabledIfSystemProperty(named = "svc.test.database", matches = "mariadb")
	void shouldIndexTheUsersAlreadyThereWhenTheTableIsMade() throws Exception {
		TestDatabase database = TestDatabase.createMariaDb();
		try {
			SimpleDriverDataSource dataSource = new SimpleDriverDataSource(new org.mariadb.jdbc.Driver(),
					database.url(), database.user(), "");
			IdentitySchemaMigration.flyway(dataSource, "mysql", true).target("10").load().migrate();
			JdbcClient jdbc = JdbcClient.create(dataSource);
			jdbc.sql("update svc_users set name = 'Zoë 😀' where id = 3").update();
			new IdentitySchemaMigration(dataSource, true).afterPropertiesSet();
			Set<String> expected = trigramsOfEveryUser(jdbc);
			assertThat(expected).contains("1 ZOË 3", "1 Ë 😀 3", "0 ADM 1");
			assertThat(jdbc.sql("select tenant_key, trigram, user_id from svc_user_trigrams")
				.query((rs, row) -> rs.getInt(1) + " " + rs.getString(2) + " " + rs.getLong(3))
				.set()).isEqualTo(expected);
		}
		finally {
			database.destroy();
		}
	}

	@Test
	void shouldTakeTheTrigramsOfCharactersAsTheDatabaseCountsThem() {
		assertThat(UserTrigrams.trigrams("AB")).isEmpty();
		assertThat(UserTrigrams.trigrams("ABAB")).containsExactly("ABA", "BAB");
		assertThat(UserTrigrams.trigrams("A😀B😀")).containsExactly("A😀B", "😀B😀");
	}

	private void assertFindsWhatASearchFinds(IdentityStore store) {
		List<List<String>> users = new ArrayList<>();
		List<Long> ids = this.jdbc.sql("select id from svc_users where tenant_id = :tenant order by id")
			.param("tenant", TENANT)
			.query(Long.class)
			.list();
		for (long id : ids) {
			users.add(columns(id));
		}
		int found = 0;
		for (String filter : this.filters) {
			String text = filter.trim().toUpperCase(Locale.ROOT);
			Set<Long> expected = new TreeSet<>();
			for (int i = 0; i < ids.size(); i++) {
				if (users.get(i).stream().anyMatch((column) -> column.contains(text))) {
					expected.add(ids.get(i));
				}
			}
			UserPagedResult page = store.findUsers(TENANT,
					new UserPageRequest(new UserFilter(null, null, null, null, null, null, false, filter),
							UserSorting.DEFAULT, 0, 1000, true, false, false));
			assertThat(page.items()).as("filter \"%s\"", filter)
				.extracting(User::id)
				.containsExactlyInAnyOrderElementsOf(expected);
			assertThat(page.totalCount()).as("filter \"%s\"", filter).isEqualTo(expected.size());
			found += expected.isEmpty() ? 0 : 1;
		}
		assertThat(found).as("texts that some users hold").isGreaterThan(this.filters.size() / 2);
	}

	/**
	 * A user whose user name and e-mail address are upper-cased as a host writes them.
	 */
	private void insertUser(long id, int tenant, String userName, String name, String surname, String email) {
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, creation_time) values"
					+ " (:id, :tenant, :userName, :normalizedUserName, :name, :surname, :email, :normalizedEmail, 'x',"
					+ " current_timestamp)")
			.param("id", id)
			.param("tenant", tenant)
			.param("userName", userName)
			.param("normalizedUserName", userName.toUpperCase(Locale.ROOT))
			.param("name", name)
			.param("surname", surname)
			.param("email", email)
			.param("normalizedEmail", email.toUpperCase(Locale.ROOT))
			.update();
	}

	private List<Long> idsFound(int tenant, String filter) {
		return this.store
			.findUsers(tenant,
					new UserPageRequest(new UserFilter(null, null, null, null, null, null, false, filter),
							UserSorting.DEFAULT, 0, 1000, true, false, false))
			.items()
			.stream()
			.map(User::id)
			.sorted()
			.toList();
	}

	/** The four columns the filter searches, as the database keeps them. */
	private List<String> columns(long id) {
		return this.jdbc
			.sql("select normalized_name, normalized_surname, normalized_user_name, normalized_email_address"
					+ " from svc_users where id = :id")
			.param("id", id)
			.query((rs, row) -> List.of(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
			.single();
	}

	/** "tenant trigram user" of every user, worked out here from their columns. */
	private static Set<String> trigramsOfEveryUser(JdbcClient jdbc) {
		Set<String> trigrams = new HashSet<>();
		jdbc.sql("select coalesce(tenant_id, 0), id, normalized_name, normalized_surname, normalized_user_name,"
				+ " normalized_email_address from svc_users")
			.query((rs, row) -> {
				for (int column = 3; column <= 6; column++) {
					for (String trigram : UserTrigrams.trigrams(rs.getString(column))) {
						trigrams.add(rs.getInt(1) + " " + trigram + " " + rs.getLong(2));
					}
				}
				return row;
			})
			.list();
		return trigrams;
	}

	private String text(int maxPieces) {
		StringBuilder text = new StringBuilder();
		for (int i = this.random.nextInt(maxPieces + 1); i > 0; i--) {
			text.append(PIECES[this.random.nextInt(PIECES.length)]);
		}
		return text.toString();
	}

}
