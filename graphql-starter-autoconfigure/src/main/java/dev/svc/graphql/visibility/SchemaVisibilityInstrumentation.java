package dev.svc.graphql.visibility;

import dev.svc.graphql.context.UserContext;
import graphql.GraphQLContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * Runs each request against the schema its caller sees ({@code graphql.schema.visibility=by-permission}):
 * graphql-java parses, validates, introspects and executes the request against the schema this
 * instrumentation hands it, on every transport, so a hidden field is refused as a field that does
 * not exist, and introspection shows only what the caller may use.
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
		return visible.schema();
	}

}
