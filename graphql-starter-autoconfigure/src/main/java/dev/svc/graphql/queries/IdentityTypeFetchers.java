package dev.svc.graphql.queries;

import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;

import dev.svc.graphql.identity.OrganizationUnit;
import dev.svc.graphql.identity.Role;
import dev.svc.graphql.identity.User;
import dev.svc.graphql.identity.UserPagedResult;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchemaElement;
import graphql.schema.GraphQLTypeVisitorStub;
import graphql.schema.LightDataFetcher;
import graphql.schema.SingletonPropertyDataFetcher;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;
import org.jspecify.annotations.Nullable;

/**
 * Serves each field of the identity types ({@code User}, {@code Role},
 * {@code OrganizationUnit}, {@code UserPagedResult}) by calling its record's accessor,
 * where graphql-java's default fetcher would look the property up by name on every field
 * of every request. Only a field graphql-java would read that way gets one: a field the
 * host wired, or whose default the host changed, keeps its fetcher. A value that is not
 * the module's record (a host serving these types with objects of its own) is read the
 * default way.
 */
final class IdentityTypeFetchers extends GraphQLTypeVisitorStub {

	private static final Reads<User> USER = new Reads<>(User.class,
			Map.ofEntries(Map.entry("id", User::id), Map.entry("userName", User::userName),
					Map.entry("name", User::name), Map.entry("surname", User::surname),
					Map.entry("emailAddress", User::emailAddress), Map.entry("phoneNumber", User::phoneNumber),
					Map.entry("isActive", User::isActive), Map.entry("isEmailConfirmed", User::isEmailConfirmed),
					Map.entry("creationTime", User::creationTime), Map.entry("tenantId", User::tenantId),
					Map.entry("roles", User::roles), Map.entry("organizationUnits", User::organizationUnits)));

	private static final Reads<Role> ROLE = new Reads<>(Role.class,
			Map.ofEntries(Map.entry("id", Role::id), Map.entry("name", Role::name),
					Map.entry("displayName", Role::displayName), Map.entry("isStatic", Role::isStatic),
					Map.entry("isDefault", Role::isDefault), Map.entry("creationTime", Role::creationTime),
					Map.entry("tenantId", Role::tenantId)));

	private static final Reads<OrganizationUnit> ORGANIZATION_UNIT = new Reads<>(OrganizationUnit.class,
			Map.ofEntries(Map.entry("id", OrganizationUnit::id), Map.entry("code", OrganizationUnit::code),
					Map.entry("displayName", OrganizationUnit::displayName),
					Map.entry("parentId", OrganizationUnit::parentId),
					Map.entry("tenantId", OrganizationUnit::tenantId)));

	private static final Reads<UserPagedResult> USER_PAGED_RESULT = new Reads<>(UserPagedResult.class, Map
		.ofEntries(Map.entry("totalCount", UserPagedResult::totalCount), Map.entry("items", UserPagedResult::items)));

	private static final Map<String, Reads<?>> TYPES = Map.of("User", USER, "Role", ROLE, "OrganizationUnit",
			ORGANIZATION_UNIT, "UserPagedResult", USER_PAGED_RESULT);

	@Override
	public TraversalControl visitGraphQLFieldDefinition(GraphQLFieldDefinition field,
			TraverserContext<GraphQLSchemaElement> context) {
		if (context.getParentNode() instanceof GraphQLObjectType parent) {
			Reads<?> reads = TYPES.get(parent.getName());
			RecordFieldFetcher<?> fetcher = (reads != null) ? reads.fetcher(field.getName()) : null;
			if (fetcher != null) {
				GraphQLCodeRegistry.Builder registry = context.getVarFromParents(GraphQLCodeRegistry.Builder.class);
				FieldCoordinates coordinates = FieldCoordinates.coordinates(parent, field);
				if (registry.getDataFetcher(coordinates, field) == SingletonPropertyDataFetcher.singleton()) {
					registry.dataFetcher(coordinates, fetcher);
				}
			}
		}
		return TraversalControl.CONTINUE;
	}

	/** How to read each field of one record type. */
	private record Reads<S>(Class<S> type, Map<String, Function<S, @Nullable Object>> fields) {

		@Nullable RecordFieldFetcher<S> fetcher(String field) {
			Function<S, @Nullable Object> read = this.fields.get(field);
			return (read != null) ? new RecordFieldFetcher<>(this.type, read) : null;
		}

	}

	/**
	 * One field read by its record's accessor; light, so trivial, as the default:
	 * graphql-java builds no environment for it, and neither Spring's observation nor its
	 * context propagation wraps it.
	 *
	 * @param <S> the record type
	 */
	static final class RecordFieldFetcher<S> implements LightDataFetcher<Object> {

		private final Class<S> type;

		private final Function<S, @Nullable Object> read;

		RecordFieldFetcher(Class<S> type, Function<S, @Nullable Object> read) {
			this.type = type;
			this.read = read;
		}

		@Override
		public @Nullable Object get(GraphQLFieldDefinition field, @Nullable Object source,
				Supplier<DataFetchingEnvironment> environment) throws Exception {
			return this.type.isInstance(source) ? this.read.apply(this.type.cast(source))
					: SingletonPropertyDataFetcher.singleton().get(field, source, environment);
		}

		@Override
		public @Nullable Object get(DataFetchingEnvironment environment) throws Exception {
			return get(environment.getFieldDefinition(), environment.getSource(), () -> environment);
		}

	}

}
