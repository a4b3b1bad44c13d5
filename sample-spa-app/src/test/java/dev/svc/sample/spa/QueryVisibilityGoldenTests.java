package dev.svc.sample.spa;

import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

/**
 * The query tests with the default schema visibility ({@code graphql.schema.visibility=by-permission}):
 * a field the signed-in caller may not use is absent from its schema, so asking for it answers what
 * a field that never existed answers. {@code QueryGoldenTests} checks the specification's messages,
 * which {@code graphql.schema.visibility=all} keeps.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class QueryVisibilityGoldenTests {

	@LocalServerPort
	private int port;

	private static void assertJson(String expected, String actual) throws Exception {
		JSONAssert.assertEquals(expected, actual, JSONCompareMode.STRICT);
	}

	@Test
	void usersWithoutThePermissionGetTheFieldUndefinedError() throws Exception {
		SpaClient user = new SpaClient(this.port).withToken("Default", "jdoe");
		assertJson("""
				{"errors": [{
				  "message": "Validation error (FieldUndefined@[users]) : Field 'users' in type 'Query' is undefined",
				  "locations": [{"line": 1, "column": 3}], "path": [],
				  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""", user.query("{ users { totalCount } }"));
		assertJson("""
				{"errors": [{
				  "message": "Validation error (FieldUndefined@[organizationUnits]) : Field 'organizationUnits' in type 'Query' is undefined",
				  "locations": [{"line": 1, "column": 3}], "path": [],
				  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""", user.query("{ organizationUnits { id } }"));
		SpaClient auditor = new SpaClient(this.port).withToken("", "auditor");
		assertJson("""
				{"data": {"auditLogs": [{"id": 3}, {"id": 2}, {"id": 1}]}}""", auditor.query("{ auditLogs { id } }"));
		assertJson("""
				{"errors": [{
				  "message": "Validation error (FieldUndefined@[roles]) : Field 'roles' in type 'Query' is undefined",
				  "locations": [{"line": 1, "column": 3}], "path": [],
				  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""", auditor.query("{ roles { id } }"));
	}

}
