package dev.svc.sample.spa;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

/**
 * What each caller is shown of the sample's schema
 * ({@code graphql.schema.visibility=by-permission}, as shipped): its own fields, and a
 * valid schema even when none is open to it. And what the opt-in
 * {@code by-permission-as-missing} answers instead of the specification's error: a field
 * the caller may not use does not exist for it ({@code QueryContract} holds the
 * specification's answers).
 */
class QueryVisibilityGoldenTests {

	private static final String QUERY_FIELDS = "{ __schema { queryType { fields { name description } } } }";

	private static void assertJson(String expected, String actual) throws Exception {
		JSONAssert.assertEquals(expected, actual, JSONCompareMode.STRICT);
	}

	@Nested
	@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = "graphql.audit.enabled=false")
	@ActiveProfiles("test")
	class AsShipped {

		@LocalServerPort
		private int port;

		@Test
		void aUserWithoutPermissionsIsShownAValidSchemaWithAPlaceholderField() throws Exception {
			SpaClient user = new SpaClient(this.port).withToken("Default", "jdoe");
			assertJson(
					"""
							{"data": {"__schema": {"queryType": {"fields": [{"name": "_empty",
							  "description": "A placeholder: no query field is open to you. Sign in, or ask for a permission."}]}}}}""",
					user.query(QUERY_FIELDS));
			SpaClient auditor = new SpaClient(this.port).withToken("", "auditor");
			assertJson("""
					{"data": {"__schema": {"queryType": {"fields": [{"name": "auditLogs"}]}}}}""",
					auditor.query("{ __schema { queryType { fields { name } } } }"));
		}

		@Test
		void thePlaceholderRunsForWhomItIsShownAndForNobodyElse() throws Exception {
			SpaClient user = new SpaClient(this.port).withToken("Default", "jdoe");
			assertJson("""
					{"data": {"_empty": null}}""", user.query("{ _empty }"));
			SpaClient admin = new SpaClient(this.port).withToken("", "admin");
			assertJson(
					"""
							{"errors": [{
							  "message": "Validation error (FieldUndefined@[_empty]) : Field '_empty' in type 'Query' is undefined",
							  "locations": [{"line": 1, "column": 3}], "path": [],
							  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""",
					admin.query("{ _empty }"));
			assertJson("""
					{"data": {"_empty": null, "__typename": "Query"}}""", user.query("{ _empty __typename }"));
			assertJson("""
					{"data": {"_empty": null}}""", user.query("{ _empty }"));
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.audit.enabled=false", "graphql.schema.visibility=by-permission-as-missing" })
	@ActiveProfiles("test")
	class AsMissing {

		@LocalServerPort
		private int port;

		@Test
		void usersWithoutThePermissionGetTheFieldUndefinedError() throws Exception {
			SpaClient user = new SpaClient(this.port).withToken("Default", "jdoe");
			assertJson(
					"""
							{"errors": [{
							  "message": "Validation error (FieldUndefined@[users]) : Field 'users' in type 'Query' is undefined",
							  "locations": [{"line": 1, "column": 3}], "path": [],
							  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""",
					user.query("{ users { totalCount } }"));
			SpaClient auditor = new SpaClient(this.port).withToken("", "auditor");
			assertJson("""
					{"data": {"auditLogs": [{"id": 3}, {"id": 2}, {"id": 1}]}}""",
					auditor.query("{ auditLogs { id } }"));
			assertJson(
					"""
							{"errors": [{
							  "message": "Validation error (FieldUndefined@[roles]) : Field 'roles' in type 'Query' is undefined",
							  "locations": [{"line": 1, "column": 3}], "path": [],
							  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""",
					auditor.query("{ roles { id } }"));
		}

		@Test
		void thePlaceholderRunsForWhomItIsShown() throws Exception {
			SpaClient user = new SpaClient(this.port).withToken("Default", "jdoe");
			assertJson("""
					{"data": {"_empty": null}}""", user.query("{ _empty }"));
		}

	}

}
