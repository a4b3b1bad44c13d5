package dev.svc.graphql.queries;

import java.sql.Timestamp;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.identity.UserSorting;
import dev.svc.graphql.security.PermissionDefinition;
import dev.svc.graphql.test.GraphQlTestRequests;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.graphql.ExecutionGraphQlResponse;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.ResponseError;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code usersConnection} over a tenant of 10,000 users whose sort keys tie often (a few
 * names in several cases, 50 surnames, three users a minute): walked forward and backward
 * page by page, in every sorting and with a filter, it visits every user exactly once, in
 * the order {@code users} gives them; users added and removed while a walk goes on
 * neither repeat nor hide the others.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UsersConnectionTests {

	private static final int TENANT = 70;

	private static final int USERS = 10_000;

	private static final UserContext ADMIN = new UserContext(700_001L, "u1", TENANT,
			Set.of(PermissionDefinition.USERS));

	private static final String[] NAMES = { "ada", "Ada", "BOB", "bob", "Chen", "eve", "Zoe" };

	private static final OffsetDateTime EPOCH = OffsetDateTime.of(2025, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

	private static final String WALK = """
			query($first: Int, $after: String, $last: Int, $before: String, $sorting: String, $filter: String) {
			  usersConnection(first: $first, after: $after, last: $last, before: $before, sorting: $sorting,
			                  filter: $filter) {
			    edges { cursor node { id } }
			    pageInfo { hasPreviousPage hasNextPage startCursor endCursor }
			  }
			}""";

	@Autowired
	private ExecutionGraphQlService service;

	@Autowired
	private JdbcClient jdbc;

	/** Every user the tests made, by id, as the store sorts them. */
	private final Map<Long, Row> rows = new ConcurrentHashMap<>();

	@BeforeAll
	void createTenMoreThousandUsers() {
		this.jdbc
			.sql("insert into svc_tenants (id, tenancy_name, name, creation_time)"
					+ " values (70, 'Walk', 'Walk', current_timestamp)")
			.update();
		for (int i = 1; i <= USERS; i += 500) {
			List<Row> batch = new ArrayList<>();
			for (int j = i; j < i + 500; j++) {
				batch.add(new Row(700_000L + j, "u" + j, NAMES[(j * 7) % NAMES.length], "S" + ((j * 37) % 50),
						((j * 7919) % USERS) + "@m.example", EPOCH.plusMinutes((j * 13L) % 3_333), j % 3 != 0));
			}
			insert(batch);
		}
	}

	static Stream<String> sortings() {
		List<String> sortings = new ArrayList<>(List.of("name, surname", "isActive desc, creationTime, name desc"));
		for (UserSorting.Field field : UserSorting.Field.values()) {
			sortings.add(field.graphQlName());
			sortings.add(field.graphQlName() + " desc");
		}
		return sortings.stream();
	}

	@ParameterizedTest
	@MethodSource("sortings")
	void shouldVisitEveryUserOnceForwardAndBackward(String sorting) {
		List<Long> expected = expectedOrder(sorting, null);
		assertThat(walkForward(sorting, null, 250)).containsExactlyElementsOf(expected);
		assertThat(walkBackward(sorting, null, 250)).containsExactlyElementsOf(expected);
	}

	@Test
	void shouldVisitEveryMatchingUserOnceWithAFilter() {
		List<Long> expected = expectedOrder("emailAddress desc", "7@");
		assertThat(expected).hasSizeBetween(900, 1100);
		assertThat(walkForward("emailAddress desc", "7@", 100)).containsExactlyElementsOf(expected);
		assertThat(walkBackward("emailAddress desc", "7@", 100)).containsExactlyElementsOf(expected);
		List<Long> byName = expectedOrder("name, surname", "u12");
		assertThat(walkForward("name, surname", "u12", 7)).containsExactlyElementsOf(byName);
	}

	@Test
	void shouldGiveTheSameOrderAsUsers() {
		for (String sorting : List.of("name, surname", "creationTime desc", "isActive")) {
			ExecutionGraphQlResponse page = execute(
					"query($sorting: String) { users(sorting: $sorting, skipCount: 4000,"
							+ " maxResultCount: 300) { items { id } } }",
					Map.of("sorting", sorting));
			List<Map<String, Object>> items = page.field("users.items").getValue();
			assertThat(items.stream().map((item) -> ((Number) item.get("id")).longValue()).toList())
				.containsExactlyElementsOf(walkForward(sorting, null, 500).subList(4000, 4300));
		}
	}

	@Test
	void shouldSeeEveryUserThatStaysOnceWhileOthersComeAndGo() throws Exception {
		Set<Long> initial = Set.copyOf(idsOfTenant());
		Set<Long> deleted = ConcurrentHashMap.newKeySet();
		AtomicBoolean walking = new AtomicBoolean(true);
		Thread writer = new Thread(() -> {
			Random random = new Random(42);
			List<Long> candidates = new ArrayList<>(initial);
			long next = 790_000L;
			while (walking.get()) {
				long id = next++;
				// new users all over the order: before and after wherever the walk stands
				insert(List.of(new Row(id, "n" + id, NAMES[random.nextInt(NAMES.length)], "S" + random.nextInt(50),
						"n" + id + "@m.example", EPOCH.plusMinutes(random.nextInt(3_333)), random.nextBoolean())));
				long gone = candidates.remove(random.nextInt(candidates.size()));
				this.jdbc.sql("delete from svc_users where id = :id").param("id", gone).update();
				deleted.add(gone);
			}
		});
		List<Long> seen;
		writer.start();
		try {
			seen = walkForward("name, surname", null, 50);
		}
		finally {
			walking.set(false);
			writer.join();
		}
		Set<Long> stayed = new HashSet<>(initial);
		stayed.removeAll(deleted);
		assertThat(deleted).as("users removed during the walk").hasSizeGreaterThan(20);
		assertThat(this.rows.size() - USERS).as("users added during the walk").isGreaterThan(20);
		assertThat(seen).doesNotHaveDuplicates().containsAll(stayed);
		Comparator<Row> order = comparator(UserSorting.DEFAULT);
		assertThat(seen.stream().map(this.rows::get).toList()).isSortedAccordingTo(order);
		// and the tenant is as it was for the other tests
		this.jdbc.sql("delete from svc_users where tenant_id = 70 and id >= 790000").update();
		this.rows.keySet().removeIf((id) -> id >= 790_000L);
		insert(deleted.stream().map(this.rows::get).toList());
	}

	@Test
	void shouldCountTheMatchingUsersOnlyWhenAsked() {
		String query = "query($filter: String) { usersConnection(first: 2, filter: $filter) { totalCount } }";
		assertThat((Integer) execute(query, new HashMap<>()).field("usersConnection.totalCount").getValue())
			.isEqualTo(USERS);
		assertThat((Integer) execute(query, Map.of("filter", "u123")).field("usersConnection.totalCount").getValue())
			.isEqualTo(11);
	}

	@Test
	void shouldKeepToTheCallersTenant() {
		UserContext otherTenant = new UserContext(2L, "admin", 1, Set.of(PermissionDefinition.USERS));
		ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service,
				"{ usersConnection(first: 1000) { totalCount edges { node { id } } } }", otherTenant);
		assertThat(response.getErrors()).isEmpty();
		List<Map<String, Object>> edges = response.field("usersConnection.edges").getValue();
		assertThat(edges)
			.allSatisfy((edge) -> assertThat(((Number) ((Map<String, Object>) edge.get("node")).get("id")).longValue())
				.isLessThan(700_000L));
	}

	@Test
	void shouldRefuseACursorOfAnotherSorting() {
		String cursor = execute(WALK, Map.of("first", 1, "sorting", "name, surname"))
			.field("usersConnection.pageInfo.endCursor")
			.getValue();
		assertThat(error(Map.of("first", 5, "after", cursor, "sorting", "creationTime desc"))).isEqualTo(
				"The cursor in 'after' is one of the sorting 'name, surname', but this query sorts by 'creationTime desc'."
						+ " Send a cursor of a page with the same sorting, or leave after out to start from the beginning.");
		assertThat(error(Map.of("last", 5, "before", cursor, "sorting", "name, surname desc"))).isEqualTo(
				"The cursor in 'before' is one of the sorting 'name, surname', but this query sorts by 'name, surname desc'."
						+ " Send a cursor of a page with the same sorting, or leave before out to start from the end.");
		assertThat(execute(WALK, Map.of("first", 5, "after", cursor, "sorting", "NAME asc,surname"))
			.field("usersConnection.edges")
			.<List<?>>getValue()).as("the same sorting, spelt otherwise").hasSize(5);
	}

	@Test
	void shouldRefuseACursorThatWasChangedOrMadeUp() {
		String cursor = execute(WALK, Map.of("first", 1, "sorting", "creationTime"))
			.field("usersConnection.pageInfo.endCursor")
			.getValue();
		String changed = cursor.substring(0, 5) + ((cursor.charAt(5) == 'A') ? 'B' : 'A') + cursor.substring(6);
		CheckedCursorEncoder encoder = new CheckedCursorEncoder();
		String text = encoder.decode(cursor);
		// the last character of a cursor of this length holds unused bits: Base64 reads
		// the same bytes whatever they are, but a cursor has one spelling only
		String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
		String sameBytes = cursor.substring(0, cursor.length() - 1)
				+ alphabet.charAt(alphabet.indexOf(cursor.charAt(cursor.length() - 1)) ^ 1);
		assertThat(Base64.getUrlDecoder().decode(sameBytes)).isEqualTo(Base64.getUrlDecoder().decode(cursor));
		for (String bad : List.of(changed, sameBytes, cursor.substring(0, cursor.length() - 2), "", "abc", "%%%",
				cursor + "=", "x".repeat(CheckedCursorEncoder.MAX_LENGTH + 1),
				// made up with a matching check: keys that do not fit the sorting are
				// refused all the same
				encoder.encode(text.replace("&t", "&s")), encoder.encode(text + "&l1"),
				encoder.encode(text.substring(0, text.indexOf('&'))), encoder.encode("nosuchfield&l1"),
				encoder.encode("creationTime&tnot-a-time&l1"), encoder.encode("creationTime&t2025-01-01T00:00Z&lx"),
				encoder.encode("id&l1&l2"), encoder.encode("isActive&bmaybe&l1"),
				encoder.encode("userName&s" + "A".repeat(257) + "&l1"),
				encoder.encode("name&s" + "A".repeat(65) + "&l1"),
				// values the databases would refuse or round: NUL, years and offsets out
				// of their range, a time finer than their microseconds
				encoder.encode("name&sA%00B&l2"), encoder.encode("creationTime&t%2B300000-01-01T00%3A00Z&l2"),
				encoder.encode("creationTime&t2024-01-01T00%3A00-18%3A00&l2"),
				encoder.encode("creationTime&t2024-01-01T00%3A00%2B01%3A00&l2"),
				encoder.encode("creationTime&t%2B999999999-12-31T23%3A59%3A59.999999999%2B18%3A00&l2"),
				encoder.encode("creationTime&t2024-01-01T00%3A00%3A00.000000001Z&l1"))) {
			assertThat(error(Map.of("first", 5, "after", bad, "sorting", "creationTime"))).as(bad)
				.isEqualTo("Argument 'after' is not a cursor of usersConnection, or it was changed. Send the cursor of"
						+ " an edge or of pageInfo from an earlier page, as it came, or leave after out to start from the"
						+ " beginning.");
		}
		assertThat(execute(WALK,
				Map.of("first", 5, "after", encoder.encode("creationTime&t2025-01-01T00:00Z&l1"), "sorting",
						"creationTime"))
			.field("usersConnection.edges")
			.<List<?>>getValue()).as("a position made up well is only a place to start from").hasSize(5);
	}

	@Test
	void shouldPageOnFromAUserWhoseSortKeysAreAsLongAsTheirColumns() {
		String wide = "\u540d";
		insert(List.of(new Row(799_999L, wide.repeat(256), wide.repeat(64), wide.repeat(64),
				wide.repeat(244) + "@m.example", EPOCH, true)));
		try {
			String sorting = "userName, emailAddress desc, name, surname, creationTime, isActive";
			String cursor = execute(
					"{ usersConnection(id: 799999, sorting: \"" + sorting + "\") { pageInfo { endCursor } } }",
					Map.of())
				.field("usersConnection.pageInfo.endCursor")
				.getValue();
			assertThat(cursor.length()).isGreaterThan(7000).isLessThanOrEqualTo(CheckedCursorEncoder.MAX_LENGTH);
			List<Map<String, Object>> before = execute(WALK, Map.of("last", 3, "before", cursor, "sorting", sorting))
				.field("usersConnection.edges")
				.getValue();
			List<Long> expected = expectedOrder(sorting, null);
			int at = expected.indexOf(799_999L);
			assertThat(before.stream()
				.map((edge) -> ((Number) ((Map<String, Object>) edge.get("node")).get("id")).longValue()))
				.containsExactlyElementsOf(expected.subList(at - 3, at));
		}
		finally {
			this.jdbc.sql("delete from svc_users where id = 799999").update();
			this.rows.remove(799_999L);
		}
	}

	@Test
	void shouldSayWhatPagingArgumentsAreAllowed() {
		assertThat(error(Map.of("first", 5, "last", 5))).isEqualTo("Send first or last, not both: first pages forward"
				+ " (after the cursor in after), last backward (before the cursor in before).");
		assertThat(error(Map.of("after", "a", "before", "b"))).isEqualTo("Send after or before, not both: first pages"
				+ " forward after the cursor in after, last backward before the cursor in before.");
		assertThat(error(Map.of("first", 5, "before", "b"))).isEqualTo("first pages forward and goes with after; last"
				+ " pages backward and goes with before. Send first with after, or last with before.");
		// a page whose items select little, for the cost limit lets it through to the
		// size check
		String count = "query($first: Int, $last: Int) { usersConnection(first: $first, last: $last) { totalCount } }";
		assertThat(error(count, Map.of("first", 1001)))
			.isEqualTo("first must be between 0 and 1000, got 1001. Page through"
					+ " more users with the cursor in pageInfo.");
		assertThat(error(count, Map.of("last", -1))).isEqualTo(
				"last must be between 0 and 1000, got -1. Page through more" + " users with the cursor in pageInfo.");
		assertThat(error(Map.of("first", 1, "sorting", "nickname")))
			.startsWith("Invalid sorting: 'nickname' is not a" + " field users can be sorted on.");
		Map<String, Object> empty = execute(WALK, Map.of("first", 0)).field("usersConnection").getValue();
		Map<String, Object> pageInfo = new HashMap<>(Map.of("hasPreviousPage", false, "hasNextPage", true));
		pageInfo.put("startCursor", null);
		pageInfo.put("endCursor", null);
		assertThat(empty).as("no users, and whether there are any")
			.isEqualTo(Map.of("edges", List.of(), "pageInfo", pageInfo));
	}

	@Test
	void shouldCostItsPageSizeTimesWhatItSelects() {
		ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service,
				"{ usersConnection(last: 1000) { edges { node { id roles { id } organizationUnits { id } } } } }",
				ADMIN);
		assertThat(response.getErrors()).singleElement()
			.satisfies(
					(error) -> assertThat(error.getMessage()).startsWith("The query's cost is 7001, over the limit"));
	}

	private String error(Map<String, Object> variables) {
		return error(WALK, variables);
	}

	private String error(String document, Map<String, Object> variables) {
		ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service, document, variables, ADMIN);
		assertThat(response.getErrors()).singleElement()
			.satisfies((error) -> assertThat(error.getExtensions()).containsEntry("code", "BAD_USER_INPUT"));
		String message = response.getErrors().get(0).getMessage();
		String prefix = "Error trying to resolve usersConnection. ";
		assertThat(message).startsWith(prefix);
		return message.substring(prefix.length());
	}

	private List<Long> walkForward(String sorting, String filter, int pageSize) {
		return walk(sorting, filter, pageSize, true);
	}

	private List<Long> walkBackward(String sorting, String filter, int pageSize) {
		return walk(sorting, filter, pageSize, false);
	}

	/** Every page from one end to the other, the users in the sorting's order. */
	@SuppressWarnings("unchecked")
	private List<Long> walk(String sorting, String filter, int pageSize, boolean forward) {
		List<List<Long>> pages = new ArrayList<>();
		String cursor = null;
		for (int page = 0;; page++) {
			Map<String, Object> variables = new HashMap<>(
					Map.of(forward ? "first" : "last", pageSize, "sorting", sorting));
			variables.put(forward ? "after" : "before", cursor);
			variables.put("filter", filter);
			Map<String, Object> connection = execute(WALK, variables).field("usersConnection").getValue();
			Map<String, Object> pageInfo = (Map<String, Object>) connection.get("pageInfo");
			List<Map<String, Object>> edges = (List<Map<String, Object>>) connection.get("edges");
			pages.add(edges.stream()
				.map((edge) -> ((Number) ((Map<String, Object>) edge.get("node")).get("id")).longValue())
				.toList());
			// a page that starts at a cursor has one before it (forward) or after it
			// (backward)
			assertThat(pageInfo.get(forward ? "hasPreviousPage" : "hasNextPage")).isEqualTo(page > 0);
			if (!(Boolean) pageInfo.get(forward ? "hasNextPage" : "hasPreviousPage")) {
				if (!forward) {
					Collections.reverse(pages);
				}
				return pages.stream().flatMap(List::stream).toList();
			}
			assertThat(edges).hasSize(pageSize);
			cursor = (String) pageInfo.get(forward ? "endCursor" : "startCursor");
			assertThat(cursor).isEqualTo(edges.get(forward ? edges.size() - 1 : 0).get("cursor"));
		}
	}

	private ExecutionGraphQlResponse execute(String document, Map<String, Object> variables) {
		ExecutionGraphQlResponse response = GraphQlTestRequests.execute(this.service, document, variables, ADMIN);
		assertThat(response.getErrors()).extracting(ResponseError::getMessage).isEmpty();
		return response;
	}

	/** The tenant's users in a sorting, worked out here from what the tests put in. */
	private List<Long> expectedOrder(String sorting, String filter) {
		String text = (filter != null) ? filter.toUpperCase(Locale.ROOT) : null;
		return this.rows.values()
			.stream()
			.filter((row) -> text == null || row.userName.toUpperCase(Locale.ROOT).contains(text)
					|| row.name.toUpperCase(Locale.ROOT).contains(text)
					|| row.surname.toUpperCase(Locale.ROOT).contains(text)
					|| row.email.toUpperCase(Locale.ROOT).contains(text))
			.sorted(comparator(UserSorting.parse(sorting)))
			.map(Row::id)
			.toList();
	}

	private static Comparator<Row> comparator(UserSorting sorting) {
		Comparator<Row> order = null;
		for (UserSorting.Order sortOrder : sorting.keyset()) {
			Comparator<Row> key = switch (sortOrder.field()) {
				case ID -> Comparator.comparing(Row::id);
				case USER_NAME -> Comparator.comparing((Row row) -> row.userName.toUpperCase(Locale.ROOT));
				case NAME -> Comparator.comparing((Row row) -> row.name.toUpperCase(Locale.ROOT));
				case SURNAME -> Comparator.comparing((Row row) -> row.surname.toUpperCase(Locale.ROOT));
				case EMAIL_ADDRESS -> Comparator.comparing((Row row) -> row.email.toUpperCase(Locale.ROOT));
				case CREATION_TIME -> Comparator.comparing(Row::creationTime);
				case IS_ACTIVE -> Comparator.comparing(Row::active);
			};
			key = (sortOrder.descending()) ? key.reversed() : key;
			order = (order != null) ? order.thenComparing(key) : key;
		}
		return order;
	}

	private List<Long> idsOfTenant() {
		return this.jdbc.sql("select id from svc_users where tenant_id = 70").query(Long.class).list();
	}

	private void insert(List<Row> batch) {
		StringBuilder sql = new StringBuilder("insert into svc_users (id, tenant_id, user_name, normalized_user_name,"
				+ " name, surname, email_address, normalized_email_address, password_hash, is_active, creation_time) values ");
		Map<String, Object> params = new LinkedHashMap<>();
		for (int i = 0; i < batch.size(); i++) {
			Row row = batch.get(i);
			sql.append((i > 0) ? ", " : "")
				.append("(:id%1$d, 70, :userName%1$d, upper(:userName%1$d), :name%1$d, :surname%1$d, :email%1$d,"
					.formatted(i))
				.append(" upper(:email%1$d), 'x', :active%1$d, :time%1$d)".formatted(i));
			params.put("id" + i, row.id);
			params.put("userName" + i, row.userName);
			params.put("name" + i, row.name);
			params.put("surname" + i, row.surname);
			params.put("email" + i, row.email);
			params.put("active" + i, row.active);
			params.put("time" + i, Timestamp.from(row.creationTime.toInstant()));
			this.rows.put(row.id, row);
		}
		this.jdbc.sql(sql.toString()).params(params).update();
	}

	record Row(long id, String userName, String name, String surname, String email, OffsetDateTime creationTime,
			boolean active) {
	}

}
