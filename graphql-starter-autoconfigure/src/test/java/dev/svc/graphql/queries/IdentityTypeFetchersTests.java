package dev.svc.graphql.queries;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import dev.svc.graphql.identity.OrganizationUnit;
import dev.svc.graphql.identity.Role;
import dev.svc.graphql.identity.User;
import dev.svc.graphql.identity.UserPagedResult;
import graphql.ExecutionResult;
import graphql.scalars.ExtendedScalars;
import graphql.schema.DataFetcher;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.LightDataFetcher;
import graphql.schema.SingletonPropertyDataFetcher;
import org.junit.jupiter.api.Test;

import org.springframework.core.io.ByteArrayResource;
import org.springframework.core.io.ClassPathResource;
import org.springframework.graphql.execution.GraphQlSource;

import static org.assertj.core.api.Assertions.assertThat;

class IdentityTypeFetchersTests {

	private static final OffsetDateTime CREATED = OffsetDateTime.of(2024, 1, 31, 10, 15, 30, 0, ZoneOffset.UTC);

	private static final String ALL_FIELDS = "totalCount items { id userName name surname emailAddress phoneNumber"
			+ " isActive isEmailConfirmed creationTime tenantId roles { id name displayName isStatic isDefault"
			+ " creationTime tenantId } organizationUnits { id code displayName parentId tenantId } }";

	private final UserPagedResult page = new UserPagedResult(7,
			List.of(new User(3, "ada", "Ada", "Lovelace", "ada@example.com", null, true, false, CREATED, 2,
					List.of(new Role(5, "Admin", "Administrator", true, false, CREATED, 2)),
					List.of(new OrganizationUnit(11, "00001", "Research", null, 2)))));

	@Test
	void shouldReadEveryFieldOfTheIdentityTypesByItsRecordsAccessor() {
		GraphQLSchema schema = source(Map.of()).schema();
		for (String type : List.of("User", "Role", "OrganizationUnit", "UserPagedResult")) {
			GraphQLObjectType objectType = schema.getObjectType(type);
			for (GraphQLFieldDefinition field : objectType.getFieldDefinitions()) {
				DataFetcher<?> fetcher = schema.getCodeRegistry()
					.getDataFetcher(FieldCoordinates.coordinates(objectType, field), field);
				assertThat(fetcher).as(type + "." + field.getName())
					.isInstanceOf(IdentityTypeFetchers.RecordFieldFetcher.class)
					.isInstanceOf(LightDataFetcher.class);
			}
		}
	}

	@Test
	void shouldAnswerWhatTheDefaultFetcherAnswers() {
		String query = "{ users { " + ALL_FIELDS + " } }";
		ExecutionResult byAccessor = source(Map.of()).graphQl().execute(query);
		ExecutionResult byName = sourceWithoutVisitor().graphQl().execute(query);
		assertThat(byAccessor.getErrors()).isEmpty();
		assertThat(byAccessor.<Object>getData()).isEqualTo(byName.getData());
		assertThat(byAccessor.<Map<String, Object>>getData().toString()).contains("userName=ada", "tenantId=2",
				"phoneNumber=null", "displayName=Administrator", "code=00001", "creationTime=2024-01-31T10:15:30.000Z");
	}

	@Test
	void shouldKeepAFetcherTheHostWiredItself() {
		String query = "{ users { items { name roles { displayName } } } }";
		ExecutionResult result = source(Map.of("Role", "displayName")).graphQl().execute(query);
		assertThat(result.<Object>getData()).isEqualTo(Map.of("users",
				Map.of("items", List.of(Map.of("name", "Ada", "roles", List.of(Map.of("displayName", "host's")))))));
	}

	@Test
	void shouldKeepTheDefaultFetcherTheHostChose() {
		String query = "{ users { items { name emailAddress } } }";
		DataFetcher<Object> masking = (environment) -> "emailAddress".equals(environment.getField().getName())
				? "masked" : SingletonPropertyDataFetcher.singleton().get(environment);
		GraphQlSource source = builder(Map.of())
			.configureRuntimeWiring((wiring) -> wiring
				.codeRegistry(GraphQLCodeRegistry.newCodeRegistry().defaultDataFetcher((factory) -> masking)))
			.typeVisitors(List.of(new IdentityTypeFetchers()))
			.build();
		assertThat(source.graphQl().execute(query).<Object>getData())
			.isEqualTo(Map.of("users", Map.of("items", List.of(Map.of("name", "Ada", "emailAddress", "masked")))));
	}

	@Test
	void shouldReadAHostsOwnObjectsByName() {
		String query = "{ others { userName roles { name } } }";
		ExecutionResult result = source(Map.of()).graphQl().execute(query);
		assertThat(result.getErrors()).isEmpty();
		assertThat(result.<Object>getData()).isEqualTo(
				Map.of("others", List.of(Map.of("userName", "grace", "roles", List.of(Map.of("name", "Reader"))))));
	}

	private GraphQlSource source(Map<String, String> hostsOwn) {
		return builder(hostsOwn).typeVisitors(List.of(new IdentityTypeFetchers())).build();
	}

	private GraphQlSource sourceWithoutVisitor() {
		return builder(Map.of()).build();
	}

	private GraphQlSource.SchemaResourceBuilder builder(Map<String, String> hostsOwn) {
		String query = "scalar Long scalar DateTime type Query { users: UserPagedResult! others: [User!]! }";
		return GraphQlSource.schemaResourceBuilder()
			.schemaResources(new ClassPathResource("dev/svc/graphql/queries/identity-types.graphqls"),
					new ByteArrayResource(query.getBytes(StandardCharsets.UTF_8)))
			.configureRuntimeWiring((wiring) -> {
				wiring.scalar(ExtendedScalars.GraphQLLong).scalar(ExtendedScalars.DateTime);
				wiring.type("Query",
						(type) -> type.dataFetcher("users", (environment) -> this.page)
							.dataFetcher("others", (environment) -> List.of(Map.of("userName", "grace", "roles",
									List.of(Map.of("name", "Reader")), "organizationUnits", List.of()))));
				hostsOwn.forEach((type, field) -> wiring.type(type,
						(builder) -> builder.dataFetcher(field, (environment) -> "host's")));
			});
	}

}
