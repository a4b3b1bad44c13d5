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
 * Shows each caller the schema it may use, on every transport: the request's
 * {@code __schema} and {@code __type} answer from the caller's schema
 * ({@link VisibleSchema}), which the schema printer reads too. With
 * {@code graphql.schema.visibility=by-permission} the request is validated and run
 * against the whole schema, so that a field the caller may not use answers the
 * specification's {@code SVC_AUTHORIZATION} at its path and the rest of the request still
 * runs; with {@code by-permission-as-missing} graphql-java parses, validates and runs the
 * whole request against the caller's schema, where such a field does not exist.
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
