package dev.svc.graphql.container;

import java.util.List;

import dev.svc.graphql.security.PermissionChecker;
import graphql.schema.DataFetcher;
import graphql.schema.FieldCoordinates;
import graphql.schema.GraphQLCodeRegistry;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchemaElement;
import graphql.schema.GraphQLTypeVisitorStub;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;

/**
 * Guards {@code Query} fields whose {@code @QueryMapping} method or controller carries
 * {@code @RequiresPermission}: a schema visitor, since Spring for GraphQL wraps every
 * data fetcher itself once the schema is built.
 */
final class GuardedControllerFields extends GraphQLTypeVisitorStub {

	private static final String QUERY = "Query";

	private final RootContainer container;

	private final PermissionChecker permissionChecker;

	private final PermissionDefinitions permissions;

	GuardedControllerFields(RootContainer container, PermissionChecker permissionChecker,
			PermissionDefinitions permissions) {
		this.container = container;
		this.permissionChecker = permissionChecker;
		this.permissions = permissions;
	}

	@Override
	public TraversalControl visitGraphQLFieldDefinition(GraphQLFieldDefinition field,
			TraverserContext<GraphQLSchemaElement> context) {
		List<String> required = this.container.controllerPermissions(field.getName());
		if (required != null && context.getParentNode() instanceof GraphQLObjectType parent
				&& QUERY.equals(parent.getName())) {
			GraphQLCodeRegistry.Builder registry = context.getVarFromParents(GraphQLCodeRegistry.Builder.class);
			FieldCoordinates coordinates = FieldCoordinates.coordinates(parent, field);
			DataFetcher<?> dataFetcher = registry.getDataFetcher(coordinates, field);
			registry.dataFetcher(coordinates, GuardedDataFetcher.of(dataFetcher,
					new FieldAuthorization(required, this.permissionChecker, this.permissions)));
		}
		return TraversalControl.CONTINUE;
	}

}
