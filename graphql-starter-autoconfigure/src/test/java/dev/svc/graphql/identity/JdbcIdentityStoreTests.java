package dev.svc.graphql.identity;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDBC store against the module's migrations and demo data, on the database the build
 * chose.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@Import(MutableClock.Bean.class)
class JdbcIdentityStoreTests {

	private static final UserFilter ANY_USER = new UserFilter(null, null, null, null, null, null, false, null);

	@Autowired
	private IdentityStore store;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private MutableClock clock;

	@Test
	void shouldKeepEachTenantsRolesApart() {
		assertThat(this.store.findRoles(null, null, null)).extracting(Role::id).containsExactly(1);
		assertThat(this.store.findRoles(1, null, null)).extracting(Role::id).containsExactly(2, 3);
		assertThat(this.store.findRoles(2, null, null)).extracting(Role::id).containsExactly(4);
		assertThat(this.store.findRoles(1, 1, null)).isEmpty();
		assertThat(this.store.findRoles(1, null, "User")).extracting(Role::id).containsExactly(3);
	}

	@Test
	void shouldListOrganizationUnitsInTreeOrder() {
		assertThat(this.store.findOrganizationUnits(1, null, null)).extracting(OrganizationUnit::displayName)
			.containsExactly("OU1", "OU11", "OU111", "OU112", "OU12", "OU2", "OU21");
		assertThat(this.store.findOrganizationUnits(null, null, null)).isEmpty();
		assertThat(this.store.findOrganizationUnits(2, 1L, null)).isEmpty();
		assertThat(this.store.findOrganizationUnits(1, null, "00001.00001")).singleElement()
			.isEqualTo(new OrganizationUnit(2, "00001.00001", "OU11", 1L, 1));
	}

	@Test
	void shouldFilterSortAndPageUsers() {
		assertThat(count(1, ANY_USER)).isEqualTo(2);
		assertThat(page(1, ANY_USER, UserSorting.parse("userName desc"), 0)).extracting(User::userName)
			.containsExactly("jdoe", "admin");
		assertThat(page(1, ANY_USER, UserSorting.DEFAULT, 1)).extracting(User::userName)
			.as("names sort case-insensitively: admin before John")
			.containsExactly("jdoe");
		UserFilter doe = new UserFilter(null, null, null, null, null, null, false, "DOE@");
		assertThat(page(1, doe, UserSorting.DEFAULT, 0)).extracting(User::id).containsExactly(3L);
		UserFilter wildcard = new UserFilter(null, null, null, null, null, null, false, "%");
		assertThat(count(1, wildcard)).isZero();
		UserFilter byRole = new UserFilter(null, null, null, null, 3, null, false, null);
		assertThat(page(1, byRole, UserSorting.DEFAULT, 0)).extracting(User::id).containsExactly(3L);
		UserFilter byUnit = new UserFilter(null, null, null, null, null, 7L, false, null);
		assertThat(page(1, byUnit, UserSorting.DEFAULT, 0)).extracting(User::id).containsExactly(3L);
		UserFilter byEmail = new UserFilter(null, null, null, "ADMIN@example.com", null, null, false, null);
		assertThat(page(null, byEmail, UserSorting.DEFAULT, 0)).extracting(User::id).containsExactly(1L);
		assertThat(page(1, byEmail, UserSorting.DEFAULT, 0)).isEmpty();
	}

	@Test
	void shouldFindOnlyUsersLockedOutNow() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (52, 'Locked', 'Locked', current_timestamp)")
			.update();
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, lockout_end_date, creation_time) values"
					+ " (52, 52, 'now', 'NOW', 'N', 'N', 'n@x.example', 'N@X.EXAMPLE', 'x', :future, current_timestamp),"
					+ " (53, 52, 'past', 'PAST', 'P', 'P', 'p@x.example', 'P@X.EXAMPLE', 'x', :past, current_timestamp),"
					+ " (54, 52, 'never', 'NEVER', 'V', 'V', 'v@x.example', 'V@X.EXAMPLE', 'x', null, current_timestamp)")
			.param("future", OffsetDateTime.of(2999, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))
			.param("past", OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))
			.update();
		UserFilter locked = new UserFilter(null, null, null, null, null, null, true, null);
		assertThat(page(52, locked, UserSorting.DEFAULT, 0)).extracting(User::id).containsExactly(52L);
		assertThat(count(52, ANY_USER)).isEqualTo(3);
	}

	@Test
	void shouldLoadRolesAndUnitsOfThePageWithinTheirTenant() {
		UserPagedResult page = this.store.findUsers(1,
				new UserPageRequest(ANY_USER, UserSorting.parse("id"), 0, 10, true, true, true));
		assertThat(page.totalCount()).isEqualTo(2);
		assertThat(page.items()).extracting(User::id).containsExactly(2L, 3L);
		assertThat(page.items().get(0).roles()).extracting(Role::name).containsExactly("Admin");
		assertThat(page.items().get(1).organizationUnits()).extracting(OrganizationUnit::code)
			.containsExactly("00001.00001", "00002.00001");
		UserPagedResult rolesOnly = this.store.findUsers(1,
				new UserPageRequest(ANY_USER, UserSorting.parse("id"), 0, 10, false, true, false));
		assertThat(rolesOnly.totalCount()).isZero();
		assertThat(rolesOnly.items().get(0).roles()).extracting(Role::name).containsExactly("Admin");
		assertThat(rolesOnly.items()).allSatisfy((user) -> assertThat(user.organizationUnits()).isEmpty());
	}

	@Test
	void shouldCountPastTheLastPage() {
		UserPagedResult page = this.store.findUsers(1,
				new UserPageRequest(ANY_USER, UserSorting.DEFAULT, 5, 10, true, true, true));
		assertThat(page).isEqualTo(new UserPagedResult(2, List.of()));
		UserFilter doe = new UserFilter(null, null, null, null, null, null, false, "doe");
		assertThat(this.store.findUsers(1, new UserPageRequest(doe, UserSorting.DEFAULT, 1, 10, true, false, false)))
			.isEqualTo(new UserPagedResult(1, List.of()));
	}

	private int count(Integer tenantId, UserFilter filter) {
		return this.store
			.findUsers(tenantId, new UserPageRequest(filter, UserSorting.DEFAULT, 0, 0, true, false, false))
			.totalCount();
	}

	private List<User> page(Integer tenantId, UserFilter filter, UserSorting sorting, int skipCount) {
		UserPagedResult page = this.store.findUsers(tenantId,
				new UserPageRequest(filter, sorting, skipCount, 10, true, false, false));
		return page.items();
	}

	@Test
	void shouldComputeEffectivePermissions() {
		assertThat(this.store.findGrantedPermissions(1)).containsExactlyInAnyOrder("Pages", "Pages.Administration",
				"Pages.Administration.Roles", "Pages.Administration.Users", "Pages.Administration.OrganizationUnits",
				"Pages.Administration.AuditLogs");
		assertThat(this.store.findGrantedPermissions(4)).containsExactlyInAnyOrder("Pages",
				"Pages.Administration.AuditLogs");
		assertThat(this.store.findGrantedPermissions(3)).containsExactly("Pages");
	}

	@Test
	void shouldKeepPermissionsForTheCacheDuration() {
		assertThat(this.store.findGrantedPermissions(4)).containsExactlyInAnyOrder("Pages",
				"Pages.Administration.AuditLogs");
		this.jdbc
			.sql("insert into svc_permission_grants (tenant_id, name, is_granted, user_id)"
					+ " values (2, 'Pages.Administration.AuditLogs', false, 4)")
			.update();
		assertThat(this.store.findGrantedPermissions(4)).as("kept for 5 s")
			.containsExactlyInAnyOrder("Pages", "Pages.Administration.AuditLogs");
		this.clock.advance(Duration.ofSeconds(5));
		assertThat(this.store.findGrantedPermissions(4)).as("read again").containsExactly("Pages");
		this.jdbc.sql("delete from svc_permission_grants where user_id = 4 and is_granted = false").update();
		this.clock.advance(Duration.ofSeconds(5));
		assertThat(this.store.findGrantedPermissions(4)).containsExactlyInAnyOrder("Pages",
				"Pages.Administration.AuditLogs");
	}

	@Test
	void shouldSearchForThePatternsOwnCharactersAsText() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (55, 'Like', 'Like', current_timestamp)")
			.update();
		List<String> names = List.of("A%B", "A_B", "A!B", "A\\B", "AXB");
		for (int i = 0; i < names.size(); i++) {
			this.jdbc
				.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
						+ " normalized_email_address, password_hash, creation_time) values"
						+ " (:id, 55, :userName, upper(:userName), :name, 'S', :email, upper(:email), 'x', current_timestamp)")
				.param("id", 550 + i)
				.param("userName", "like" + i)
				.param("name", names.get(i))
				.param("email", "like" + i + "@x.example")
				.update();
		}
		for (String name : names) {
			UserFilter literally = new UserFilter(null, null, null, null, null, null, false,
					name.toLowerCase(Locale.ROOT));
			assertThat(page(55, literally, UserSorting.DEFAULT, 0)).as(name)
				.extracting(User::name)
				.containsExactly(name);
		}
		UserFilter escape = new UserFilter(null, null, null, null, null, null, false, "!");
		assertThat(page(55, escape, UserSorting.DEFAULT, 0)).extracting(User::name).containsExactly("A!B");
	}

	@Test
	void shouldKeepEachTenantsUserCountThroughInsertsMovesAndDeletes() {
		this.jdbc
			.sql("insert into svc_tenants (id, tenancy_name, name, creation_time) values"
					+ " (53, 'CountA', 'A', current_timestamp), (54, 'CountB', 'B', current_timestamp)")
			.update();
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, creation_time) values"
					+ " (531, 53, 'a1', 'A1', 'A', 'A', 'a1@x.example', 'A1@X.EXAMPLE', 'x', current_timestamp),"
					+ " (532, 53, 'a2', 'A2', 'A', 'A', 'a2@x.example', 'A2@X.EXAMPLE', 'x', current_timestamp),"
					+ " (533, 53, 'a3', 'A3', 'A', 'A', 'a3@x.example', 'A3@X.EXAMPLE', 'x', current_timestamp),"
					+ " (541, 54, 'b1', 'B1', 'B', 'B', 'b1@x.example', 'B1@X.EXAMPLE', 'x', current_timestamp)")
			.update();
		assertThat(count(53, ANY_USER)).isEqualTo(3);
		assertThat(count(54, ANY_USER)).isEqualTo(1);
		this.jdbc.sql("update svc_users set tenant_id = 54 where id = 533").update();
		this.jdbc.sql("update svc_users set name = 'Renamed' where tenant_id = 53").update();
		assertThat(count(53, ANY_USER)).isEqualTo(2);
		assertThat(count(54, ANY_USER)).isEqualTo(2);
		this.jdbc.sql("delete from svc_users where id in (531, 532, 541)").update();
		assertThat(count(53, ANY_USER)).isZero();
		assertThat(
				this.store.findUsers(54, new UserPageRequest(ANY_USER, UserSorting.DEFAULT, 0, 10, true, false, false)))
			.extracting(UserPagedResult::totalCount)
			.isEqualTo(1);
		Integer counted = this.jdbc.sql("select count(*) from svc_users where tenant_id = 1")
			.query(Integer.class)
			.single();
		assertThat(count(1, ANY_USER)).isEqualTo(counted);
	}

	@Test
	void shouldGrantRolesOfOrganizationUnitsAndHonourUserProhibitions() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (51, 'Grants', 'Grants', current_timestamp)")
			.update();
		this.jdbc.sql(
				"insert into svc_roles (id, tenant_id, name, display_name, creation_time) values (51, 51, 'Viewer', 'Viewer', current_timestamp)")
			.update();
		this.jdbc.sql(
				"insert into svc_organization_units (id, tenant_id, code, display_name, creation_time) values (51, 51, '00001', 'Unit', current_timestamp)")
			.update();
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address, normalized_email_address, password_hash, creation_time)"
					+ " values (51, 51, 'viewer', 'VIEWER', 'V', 'V', 'v@example.com', 'V@EXAMPLE.COM', 'x', current_timestamp)")
			.update();
		this.jdbc.sql("insert into svc_user_organization_units (user_id, organization_unit_id) values (51, 51)")
			.update();
		this.jdbc.sql("insert into svc_organization_unit_roles (organization_unit_id, role_id) values (51, 51)")
			.update();
		this.jdbc.sql(
				"insert into svc_permission_grants (tenant_id, name, is_granted, role_id) values (51, 'Pages', true, 51), (51, 'Pages.Administration.Users', true, 51)")
			.update();
		this.jdbc.sql(
				"insert into svc_permission_grants (tenant_id, name, is_granted, user_id) values (51, 'Pages.Administration.Users', false, 51), (51, 'Pages.Administration.Roles', true, 51)")
			.update();

		assertThat(this.store.findGrantedPermissions(51)).containsExactlyInAnyOrder("Pages",
				"Pages.Administration.Roles");
	}

	@Test
	void shouldFindTenantsByNameCaseInsensitively() {
		assertThat(this.store.findTenantByName("default")).get().extracting(Tenant::id).isEqualTo(1);
		assertThat(this.store.findTenantByName("nope")).isEmpty();
	}

}
