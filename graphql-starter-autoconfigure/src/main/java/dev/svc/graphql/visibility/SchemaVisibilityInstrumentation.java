package dev.svc.graphql.visibility;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.instrumentation.RequestInstrumentation;
import graphql.GraphQLContext;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * Puts the caller's {@link VisibleSchema} into each request's context, on every
 * transport: introspection answers from it ({@link VisibleIntrospection}); with
 * {@code by-permission} the request still runs against the whole schema (a field the
 * caller may not use answers {@code SVC_AUTHORIZATION}; the placeholder added when it is
 * shown), with {@code by-permission-as-missing} against the caller's.
 */
final class SchemaVisibilityInstrumentation implements RequestInstrumentation {

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
		return visible.runsAgainst();
	}

}
