package dev.svc.graphql.container;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.ExecutionInput;
import graphql.ExecutionResult;
import graphql.GraphQL;
import graphql.schema.DataFetchingFieldSelectionSet;
import graphql.schema.GraphQLSchema;
import graphql.schema.idl.RuntimeWiring;
import graphql.schema.idl.SchemaGenerator;
import graphql.schema.idl.SchemaParser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link DocumentSelectionSet} answers plain paths from the document, and agrees with
 * graphql-java's own selection set on every one of them, through aliases, fragments and
 * {@code @skip}/{@code @include}.
 */
class DocumentSelectionSetTests {

	private static final String SCHEMA = """
			type Query { page: Page }
			type Page { totalCount: Int items: [Item] }
			type Item { id: ID roles: [Role] units: [Unit] }
			type Role { id: ID name: String }
			type Unit { id: ID }
			""";

	private static final List<String> PATHS = List.of("totalCount", "items", "items/id", "items/roles",
			"items/roles/name", "items/units", "items/units/id", "roles", "items/*", "**/name", "items/ro*");

	private Map<String, Boolean> ours;

	private Map<String, Boolean> graphQlJavas;

	@Test
	void shouldSeeFieldsOfTheSelection() {
		run("{ page { totalCount items { id roles { name } } } }", Map.of());
		assertThat(this.ours).containsEntry("totalCount", true)
			.containsEntry("items/roles/name", true)
			.containsEntry("items/units", false)
			.containsEntry("roles", false);
	}

	@Test
	void shouldGoByFieldNamesNotAliases() {
		run("{ page { count: totalCount list: items { r: roles { id } } } }", Map.of());
		assertThat(this.ours).containsEntry("totalCount", true)
			.containsEntry("items/roles", true)
			.containsEntry("items/roles/name", false);
	}

	@Test
	void shouldFollowFragments() {
		run("""
				{ page { ...PageFields } }
				fragment PageFields on Page { items { ... on Item { ...ItemFields } } }
				fragment ItemFields on Item { units { id } }
				""", Map.of());
		assertThat(this.ours).containsEntry("items/units/id", true)
			.containsEntry("totalCount", false)
			.containsEntry("items/roles", false);
	}

	@Test
	void shouldLeaveOutSkippedFields() {
		run("""
				query($skipCount: Boolean!, $withItems: Boolean = false) {
				  page {
				    totalCount @skip(if: $skipCount)
				    items @include(if: $withItems) { id }
				    ... @include(if: false) { items { roles { id } } }
				    ... @skip(if: false) { items { units { id } } }
				  }
				}
				""", Map.of("skipCount", true));
		assertThat(this.ours).containsEntry("totalCount", false)
			.containsEntry("items/id", false)
			.containsEntry("items/roles", false)
			.containsEntry("items/units", true);
	}

	@Test
	void shouldMergeFieldsAskedForTwice() {
		run("{ page { items { id } } page { items { roles { id } } } }", Map.of());
		assertThat(this.ours).containsEntry("items/id", true)
			.containsEntry("items/roles", true)
			.containsEntry("items/units", false);
	}

	private void run(String query, Map<String, Object> variables) {
		this.ours = new LinkedHashMap<>();
		this.graphQlJavas = new LinkedHashMap<>();
		RuntimeWiring wiring = RuntimeWiring.newRuntimeWiring()
			.type("Query", (type) -> type.dataFetcher("page", (environment) -> {
				DataFetchingFieldSelectionSet document = new DocumentSelectionSet(environment);
				for (String path : PATHS) {
					this.ours.merge(path, document.contains(path), Boolean::logicalOr);
					this.graphQlJavas.merge(path, environment.getSelectionSet().contains(path), Boolean::logicalOr);
				}
				return null;
			}))
			.build();
		GraphQLSchema schema = new SchemaGenerator().makeExecutableSchema(new SchemaParser().parse(SCHEMA), wiring);
		ExecutionResult result = GraphQL.newGraphQL(schema)
			.build()
			.execute(ExecutionInput.newExecutionInput(query).variables(variables).build());
		assertThat(result.getErrors()).isEmpty();
		assertThat(this.ours).isEqualTo(this.graphQlJavas).hasSize(PATHS.size());
	}

}
