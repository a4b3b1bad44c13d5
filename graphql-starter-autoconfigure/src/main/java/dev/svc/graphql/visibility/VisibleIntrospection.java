package dev.svc.graphql.visibility;

import java.util.Objects;

import dev.svc.graphql.context.UserContext;
import graphql.GraphQLContext;
import graphql.introspection.Introspection;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLSchemaElement;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeVisitorStub;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;

/**
 * Answers {@code __schema} and {@code __type} from the caller's {@link VisibleSchema}:
 * the schema's own fetchers for the two fields, put in its code registry when it is
 * built, so that every way a request reaches them (whatever instrumentations wrap them,
 * in whatever order) asks who the caller is. A request without the caller's schema in its
 * context has it worked out here, never the whole schema by default.
 */
final class VisibleIntrospection extends GraphQLTypeVisitorStub {

	private static final FieldCoordinates SCHEMA = FieldCoordinates
		.systemCoordinates(Introspection.SchemaMetaFieldDef.getName());

	private static final FieldCoordinates TYPE = FieldCoordinates
		.systemCoordinates(Introspection.TypeMetaFieldDef.getName());

	private final VisibleSchemas schemas;

	private final DataFetcher<GraphQLSchema> schemaFetcher = this::shown;

	// __type's name is a String!, which validation made sure of
	private final DataFetcher<GraphQLType> typeFetcher = (environment) -> shown(environment)
		.getType(Objects.requireNonNull(environment.<String>getArgument("name")));

	VisibleIntrospection(VisibleSchemas schemas) {
		this.schemas = schemas;
	}

	@Override
	public TraversalControl visitGraphQLObjectType(GraphQLObjectType node,
			TraverserContext<GraphQLSchemaElement> context) {
		GraphQLCodeRegistry.Builder registry = context.getVarFromParents(GraphQLCodeRegistry.Builder.class);
		// on the first type visited: the fields belong to no type
		if (registry.getDataFetcher(SCHEMA, Introspection.SchemaMetaFieldDef) != this.schemaFetcher) {
			registry.systemDataFetcher(SCHEMA, this.schemaFetcher);
			registry.systemDataFetcher(TYPE, this.typeFetcher);
		}
		return TraversalControl.CONTINUE;
	}

	private GraphQLSchema shown(DataFetchingEnvironment environment) {
		GraphQLContext context = environment.getGraphQlContext();
		VisibleSchema visible = VisibleSchema.of(context);
		if (visible == null) {
			visible = this.schemas.forCaller(context.get(UserContext.class), environment.getGraphQLSchema());
			// for the schema printer, which prints what introspection showed
			context.put(VisibleSchema.class, visible);
		}
		return visible.schema();
	}

}
