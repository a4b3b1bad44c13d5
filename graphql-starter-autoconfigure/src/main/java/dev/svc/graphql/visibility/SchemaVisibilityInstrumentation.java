package dev.svc.graphql.visibility;

import java.util.Objects;

import dev.svc.graphql.context.UserContext;
import graphql.GraphQLContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * Answers {@code __schema} and {@code __type} from the caller's {@link VisibleSchema} on
 * every transport; with {@code by-permission} the request still runs against the whole
 * schema (a field the caller may not use answers {@code SVC_AUTHORIZATION}), with
 * {@code by-permission-as-missing} against the caller's.
 */
final class SchemaVisibilityInstrumentation extends SimplePerformantInstrumentation {

	private final VisibleSchemas schemas;

	SchemaVisibilityInstrumentation(VisibleSchemas schemas) {
		this.schemas = schemas;
	}

	@Override
	public GraphQLSchema instrumentSchema(GraphQLSchema schema, InstrumentationExecutionParameters parameters,
			@Nullable InstrumentationState state) {
		GraphQLContext context = parameters.getExecutionInput().getGraphQLContext();
		VisibleSchema visible = this.schemas.forCaller(context.get(UserContext.class), schema);
		context.put(VisibleSchema.class, visible);
		return visible.validatesRequests() ? visible.schema() : schema;
	}

	@Override
	public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> dataFetcher,
			InstrumentationFieldFetchParameters parameters, @Nullable InstrumentationState state) {
		GraphQLFieldDefinition field = parameters.getField();
		GraphQLSchema schema = parameters.getExecutionContext().getGraphQLSchema();
		boolean schemaField = field == schema.getIntrospectionSchemaFieldDefinition();
		if (!schemaField && field != schema.getIntrospectionTypeFieldDefinition()) {
			return dataFetcher;
		}
		VisibleSchema visible = VisibleSchema.of(parameters.getExecutionContext().getGraphQLContext());
		if (visible == null || visible.schema() == schema) {
			return dataFetcher;
		}
		GraphQLSchema shown = visible.schema();
		// __type's name is a String!, which validation made sure of
		return schemaField ? (environment) -> shown
				: (environment) -> shown.getType(Objects.requireNonNull(environment.<String>getArgument("name")));
	}

}
