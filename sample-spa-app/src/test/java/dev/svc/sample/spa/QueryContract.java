package dev.svc.sample.spa;

import java.util.Map;

import dev.svc.graphql.test.AttackShapes.Attack;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The spec's query tests, its contract with the front ends: sign in through a real
 * sign-in path, run a query over HTTP, and compare the whole result with the expected
 * JSON (the examples of sections 2 and 4, the errors of section 7, the limits of section
 * 8). Each subclass runs them in a mode that could change an answer, and none may: see
 * {@code docs/queries-and-errors.md} for which mode adds which refusals of its own. Audit
 * writing is off so the audit log holds only the demo records.
 */
abstract class QueryContract {

	private static final String ROLES = "{ roles { id name displayName isStatic isDefault creationTime tenantId } }";

	private static final String USERS = "{ users { totalCount items { name surname roles { id name displayName } "
			+ "organizationUnits { id code displayName } } } }";

	@LocalServerPort
	private int port;

	/**
	 * A client of this mode's app, signed in or not.
	 * @param port the app's port
	 * @return the client
	 */
	SpaClient client(int port) {
		return new SpaClient(port);
	}

	private SpaClient hostAdmin() {
		return client(this.port).withToken("", "admin");
	}

	private SpaClient tenantAdmin() {
		return client(this.port).withToken("Default", "admin");
	}

	private static void assertJson(String expected, String actual) throws Exception {
		JSONAssert.assertEquals(expected, actual, JSONCompareMode.STRICT);
	}

	@Test
	void rolesOfTheHost() throws Exception {
		assertJson("""
				{"data": {"roles": [
				  {"id": 1, "name": "Admin", "displayName": "Admin", "isStatic": true, "isDefault": true,
				   "creationTime": "2024-01-01T00:00:00.000Z", "tenantId": null}]}}""", hostAdmin().query(ROLES));
	}

	@Test
	void rolesOfATenant() throws Exception {
		assertJson("""
				{"data": {"roles": [
				  {"id": 2, "name": "Admin", "displayName": "Admin", "isStatic": true, "isDefault": false,
				   "creationTime": "2024-01-01T00:00:00.000Z", "tenantId": 1},
				  {"id": 3, "name": "User", "displayName": "User", "isStatic": true, "isDefault": true,
				   "creationTime": "2024-01-01T00:00:00.000Z", "tenantId": 1}]}}""", tenantAdmin().query(ROLES));
	}

	@Test
	void rolesFilteredByName() throws Exception {
		assertJson("""
				{"data": {"roles": [{"id": 3, "name": "User"}]}}""",
				tenantAdmin().query("{ roles(name: \"User\") { id name } }"));
	}

	@Test
	void organizationUnitsOfATenant() throws Exception {
		assertJson("""
				{"data": {"organizationUnits": [
				  {"id": 1, "code": "00001", "displayName": "OU1", "parentId": null, "tenantId": 1},
				  {"id": 2, "code": "00001.00001", "displayName": "OU11", "parentId": 1, "tenantId": 1},
				  {"id": 3, "code": "00001.00001.00001", "displayName": "OU111", "parentId": 2, "tenantId": 1},
				  {"id": 4, "code": "00001.00001.00002", "displayName": "OU112", "parentId": 2, "tenantId": 1},
				  {"id": 5, "code": "00001.00002", "displayName": "OU12", "parentId": 1, "tenantId": 1},
				  {"id": 6, "code": "00002", "displayName": "OU2", "parentId": null, "tenantId": 1},
				  {"id": 7, "code": "00002.00001", "displayName": "OU21", "parentId": 6, "tenantId": 1}]}}""",
				tenantAdmin().query("{ organizationUnits { id code displayName parentId tenantId } }"));
	}

	@Test
	void organizationUnitsOfTheHost() throws Exception {
		assertJson("""
				{"data": {"organizationUnits": []}}""", hostAdmin().query("{ organizationUnits { id code } }"));
	}

	@Test
	void usersOfTheHost() throws Exception {
		assertJson("""
				{"data": {"users": {"totalCount": 2, "items": [
				  {"name": "Ada", "surname": "Auditor", "roles": [], "organizationUnits": []},
				  {"name": "admin", "surname": "admin",
				   "roles": [{"id": 1, "name": "Admin", "displayName": "Admin"}], "organizationUnits": []}]}}}""",
				hostAdmin().query(USERS));
	}

	@Test
	void usersOfATenant() throws Exception {
		assertJson("""
				{"data": {"users": {"totalCount": 2, "items": [
				  {"name": "admin", "surname": "admin",
				   "roles": [{"id": 2, "name": "Admin", "displayName": "Admin"}],
				   "organizationUnits": [{"id": 1, "code": "00001", "displayName": "OU1"}]},
				  {"name": "John", "surname": "Doe",
				   "roles": [{"id": 3, "name": "User", "displayName": "User"}],
				   "organizationUnits": [{"id": 2, "code": "00001.00001", "displayName": "OU11"},
				                         {"id": 7, "code": "00002.00001", "displayName": "OU21"}]}]}}}""",
				tenantAdmin().query(USERS));
	}

	@Test
	void oneUserById() throws Exception {
		assertJson("""
				{"data": {"users": {"totalCount": 1, "items": [
				  {"id": 3, "userName": "jdoe", "name": "John", "surname": "Doe",
				   "emailAddress": "john.doe@defaulttenant.com", "phoneNumber": "+1 555 0100", "isActive": true,
				   "isEmailConfirmed": false, "creationTime": "2024-01-02T00:00:00.000Z", "tenantId": 1}]}}}""",
				tenantAdmin().query("{ users(id: 3) { totalCount items { id userName name surname emailAddress "
						+ "phoneNumber isActive isEmailConfirmed creationTime tenantId } } }"));
	}

	@Test
	void usersSortedFilteredAndPaged() throws Exception {
		assertJson("""
				{"data": {"users": {"totalCount": 2, "items": [{"userName": "admin"}]}}}""",
				tenantAdmin().query("{ users(sorting: \"surname DESC\", skipCount: 1, maxResultCount: 1) "
						+ "{ totalCount items { userName } } }"));
		assertJson("""
				{"data": {"users": {"totalCount": 1, "items": [{"userName": "jdoe"}]}}}""", tenantAdmin()
			.query("{ users(filter: \"doe\", organizationUnitId: 7) { totalCount items { userName } } }"));
	}

	@Test
	void usersConnectionFirstAndNextPage() throws Exception {
		String query = "query($after: String) { usersConnection(first: 1, after: $after) { totalCount edges { cursor "
				+ "node { id userName name surname roles { id name } organizationUnits { id code } } } "
				+ "pageInfo { hasPreviousPage hasNextPage startCursor endCursor } } }";
		assertJson("""
				{"data": {"usersConnection": {"totalCount": 2, "edges": [
				  {"cursor": "bmFtZSUyQytzdXJuYW1lJnNBRE1JTiZzQURNSU4mbDKq9W40_Rhwqg",
				   "node": {"id": 2, "userName": "admin", "name": "admin", "surname": "admin",
				            "roles": [{"id": 2, "name": "Admin"}], "organizationUnits": [{"id": 1, "code": "00001"}]}}],
				  "pageInfo": {"hasPreviousPage": false, "hasNextPage": true,
				               "startCursor": "bmFtZSUyQytzdXJuYW1lJnNBRE1JTiZzQURNSU4mbDKq9W40_Rhwqg",
				               "endCursor": "bmFtZSUyQytzdXJuYW1lJnNBRE1JTiZzQURNSU4mbDKq9W40_Rhwqg"}}}}""",
				tenantAdmin().query(query));
		assertJson(
				"""
						{"data": {"usersConnection": {"totalCount": 2, "edges": [
						  {"cursor": "bmFtZSUyQytzdXJuYW1lJnNKT0hOJnNET0UmbDNMVRJ1Q1nAJg",
						   "node": {"id": 3, "userName": "jdoe", "name": "John", "surname": "Doe",
						            "roles": [{"id": 3, "name": "User"}],
						            "organizationUnits": [{"id": 2, "code": "00001.00001"}, {"id": 7, "code": "00002.00001"}]}}],
						  "pageInfo": {"hasPreviousPage": true, "hasNextPage": false,
						               "startCursor": "bmFtZSUyQytzdXJuYW1lJnNKT0hOJnNET0UmbDNMVRJ1Q1nAJg",
						               "endCursor": "bmFtZSUyQytzdXJuYW1lJnNKT0hOJnNET0UmbDNMVRJ1Q1nAJg"}}}}""",
				tenantAdmin().query(query, Map.of("after", "bmFtZSUyQytzdXJuYW1lJnNBRE1JTiZzQURNSU4mbDKq9W40_Rhwqg")));
	}

	@Test
	void usersConnectionRefusesACursorOfAnotherSorting() throws Exception {
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve usersConnection. The cursor in 'after' is one of the sorting 'name, surname', but this query sorts by 'creationTime desc'. Send a cursor of a page with the same sorting, or leave after out to start from the beginning.",
						  "locations": [{"line": 1, "column": 3}], "path": ["usersConnection"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				tenantAdmin().query("{ usersConnection(first: 1, sorting: \"creationTime desc\","
						+ " after: \"bmFtZSUyQytzdXJuYW1lJnNBRE1JTiZzQURNSU4mbDKq9W40_Rhwqg\") { totalCount } }"));
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve usersConnection. Argument 'before' is not a cursor of usersConnection, or it was changed. Send the cursor of an edge or of pageInfo from an earlier page, as it came, or leave before out to start from the end.",
						  "locations": [{"line": 1, "column": 3}], "path": ["usersConnection"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				tenantAdmin().query(
						"{ usersConnection(last: 1, before: \"bmFtZSUyQytzdXJuYW1lJnNBRE1JTiZzQURNSU4mbDKq9W40_Rhwqh\")"
								+ " { totalCount } }"));
	}

	@Test
	void auditLogsOfTheHost() throws Exception {
		assertJson(
				"""
						{"data": {"auditLogs": [
						  {"id": 3, "serviceName": "Authentication", "tenantId": null, "userId": 4, "executionTime": "2024-02-01T10:00:00.000Z"},
						  {"id": 2, "serviceName": "GraphQL", "tenantId": null, "userId": 1, "executionTime": "2024-02-01T09:01:00.000Z"},
						  {"id": 1, "serviceName": "Authentication", "tenantId": null, "userId": 1, "executionTime": "2024-02-01T09:00:00.000Z"}]}}""",
				hostAdmin().query("{ auditLogs { id serviceName tenantId userId executionTime } }"));
	}

	@Test
	void auditLogsFilteredByUserAndService() throws Exception {
		assertJson("""
				{"data": {"auditLogs": [{"id": 1, "serviceName": "Authentication", "userId": 1}]}}""", hostAdmin()
			.query("{ auditLogs(userId: \"1\", serviceName: \"Authentication\") { id serviceName userId } }"));
		assertJson("""
				{"data": {"auditLogs": [{"id": 5}, {"id": 4}]}}""", tenantAdmin().query("{ auditLogs { id } }"));
	}

	@Test
	void aCookieSignInGetsTheSameAnswerAsAToken() throws Exception {
		SpaClient cookie = client(this.port).withCookie("Default", "admin");
		assertJson(tenantAdmin().query(ROLES), cookie.query(ROLES));
	}

	@ParameterizedTest
	@ValueSource(strings = { "roles { id }", "organizationUnits { id }", "users { totalCount }", "auditLogs { id }" })
	void anonymousCallersGetTheNotLoggedInError(String selection) throws Exception {
		String field = selection.substring(0, selection.indexOf(' '));
		assertJson("""
				{"data": null, "errors": [{
				  "message": "Error trying to resolve %s. Current user did not login to the application!",
				  "locations": [{"line": 1, "column": 3}], "path": ["%s"],
				  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""".formatted(field, field),
				client(this.port).query("{ " + selection + " }"));
	}

	@Test
	void anInvalidTokenIsAnonymous() throws Exception {
		String body = client(this.port).http()
			.graphQl("/graphql", "{ roles { id } }", "Authorization", "Bearer not.a.token")
			.body();
		assertJson("""
				{"data": null, "errors": [{
				  "message": "Error trying to resolve roles. Current user did not login to the application!",
				  "locations": [{"line": 1, "column": 3}], "path": ["roles"],
				  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""", body);
	}

	@Test
	void aTokenRevokedByLogOutIsAnonymous() throws Exception {
		SpaClient admin = tenantAdmin();
		assertThat(admin.http().get("/api/TokenAuth/LogOut", "Authorization", "Bearer " + admin.accessToken()).status())
			.isEqualTo(200);
		assertJson("""
				{"data": null, "errors": [{
				  "message": "Error trying to resolve roles. Current user did not login to the application!",
				  "locations": [{"line": 1, "column": 3}], "path": ["roles"],
				  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""", admin.query("{ roles { id } }"));
	}

	@Test
	void usersWithoutThePermissionGetTheNotGrantedError() throws Exception {
		SpaClient user = client(this.port).withToken("Default", "jdoe");
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. Required permissions are not granted. At least one of these permissions must be granted: Users",
						  "locations": [{"line": 1, "column": 3}], "path": ["users"],
						  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
				user.query("{ users { totalCount } }"));
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve organizationUnits. Required permissions are not granted. At least one of these permissions must be granted: Organization Units",
						  "locations": [{"line": 1, "column": 3}], "path": ["organizationUnits"],
						  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
				user.query("{ organizationUnits { id } }"));
	}

	@Test
	void aQueryOfAllowedAndRefusedFieldsRefusesEachRefusedOneAtItsPath() throws Exception {
		SpaClient auditor = client(this.port).withToken("", "auditor");
		// every root field of the specification is non-null: a refused one nulls data, as
		// GraphQL has it
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve roles. Required permissions are not granted. At least one of these permissions must be granted: Roles",
						  "locations": [{"line": 1, "column": 20}], "path": ["roles"],
						  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
				auditor.query("{ auditLogs { id } roles { id } }"));
	}

	@Test
	void aUserLevelGrantAllowsExactlyItsQuery() throws Exception {
		SpaClient auditor = client(this.port).withToken("", "auditor");
		assertJson("""
				{"data": {"auditLogs": [{"id": 3}, {"id": 2}, {"id": 1}]}}""", auditor.query("{ auditLogs { id } }"));
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve roles. Required permissions are not granted. At least one of these permissions must be granted: Roles",
						  "locations": [{"line": 1, "column": 3}], "path": ["roles"],
						  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
				auditor.query("{ roles { id } }"));
	}

	@Test
	void aTenantAdminNeverSeesHostOrOtherTenantRows() throws Exception {
		assertJson("""
				{"data": {
				  "hostRole": [], "otherTenantRole": [], "otherTenantUnit": [],
				  "hostUser": {"totalCount": 0, "items": []}, "otherTenantUser": {"totalCount": 0, "items": []},
				  "byHostRole": {"totalCount": 0}, "byOtherTenantUnit": {"totalCount": 0},
				  "hostAudit": [], "otherTenantAudit": []}}""", tenantAdmin()
			.query("""
					{ hostRole: roles(id: 1) { id } otherTenantRole: roles(id: 4) { id }
					  otherTenantUnit: organizationUnits(id: 8) { id }
					  hostUser: users(id: 1) { totalCount items { id } } otherTenantUser: users(emailAddress: "admin@secondtenant.com") { totalCount items { id } }
					  byHostRole: users(roleId: 1) { totalCount } byOtherTenantUnit: users(organizationUnitId: 8) { totalCount }
					  hostAudit: auditLogs(userId: "1") { id } otherTenantAudit: auditLogs(userId: "5") { id } }"""));
		SpaClient second = client(this.port).withToken("Second", "admin");
		assertJson("""
				{"data": {"roles": [{"id": 4, "tenantId": 2}], "organizationUnits": [{"id": 8, "tenantId": 2}],
				  "users": {"totalCount": 1, "items": [{"id": 5, "tenantId": 2,
				    "roles": [{"id": 4}], "organizationUnits": [{"id": 8}]}]},
				  "auditLogs": [{"id": 6, "tenantId": 2}]}}""", second.query("""
				{ roles { id tenantId } organizationUnits { id tenantId }
				  users { totalCount items { id tenantId roles { id } organizationUnits { id } } }
				  auditLogs { id tenantId } }"""));
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("dev.svc.graphql.test.AttackShapes#all")
	void everyAttackShapeOfTheRequestLimitsIsRefused(Attack attack) {
		assertThat(tenantAdmin().query(attack.document())).contains("\"code\":\"" + attack.code() + "\"");
	}

	@Test
	void textNoDatabaseCanHoldIsBadUserInputOnEveryDatabase() throws Exception {
		SpaClient admin = tenantAdmin();
		String query = "query($f: String, $n: String) { users(filter: $f, name: $n) { totalCount } }";
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. Argument 'filter' holds a NUL character (U+0000) at position 3; text may not hold it.",
						  "locations": [{"line": 1, "column": 33}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				admin.query(query, Map.of("f", "adm\u0000in")));
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. Argument 'filter' holds half of a surrogate pair at position 1; text must be valid Unicode.",
						  "locations": [{"line": 1, "column": 33}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				// as JSON escapes: UTF-8 cannot carry half a surrogate pair, JSON text
				// can
				admin.http()
					.post("/graphql", "application/json",
							"{\"query\": \"" + query + "\", \"variables\": {\"f\": \"a\\ud800b\"}}", "Authorization",
							"Bearer " + admin.accessToken())
					.body());
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. Argument 'name' is 65 characters long; at most 64 are allowed.",
						  "locations": [{"line": 1, "column": 33}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				admin.query(query, Map.of("n", "x".repeat(65))));
		assertJson("""
				{"data": {"users": {"totalCount": 0}}}""",
				admin.query(query, Map.of("f", "\ud83d\ude00", "n", "x".repeat(64))));
	}

	@Test
	void badArgumentsSayWhatIsAllowed() throws Exception {
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. maxResultCount must be between 0 and 1000, got 1001. Page through larger results with skipCount.",
						  "locations": [{"line": 1, "column": 3}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				tenantAdmin().query("{ users(maxResultCount: 1001) { totalCount } }"));
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. Invalid sorting: 'password' is not a field users can be sorted on. Allowed: comma-separated fields out of id, userName, name, surname, emailAddress, creationTime, isActive, each optionally followed by asc or desc.",
						  "locations": [{"line": 1, "column": 3}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				tenantAdmin().query("{ users(sorting: \"password\") { totalCount } }"));
		assertJson(
				"""
						{"data": null, "errors": [{
						  "message": "Error trying to resolve users. skipCount must be 0 or more, got -5.",
						  "locations": [{"line": 1, "column": 3}], "path": ["users"], "extensions": {"code": "BAD_USER_INPUT"}}]}""",
				tenantAdmin().query("{ users(skipCount: -5) { totalCount } }"));
	}

}
