package dev.svc.graphql.visibility;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import graphql.Scalars;
import graphql.introspection.Introspection;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLInterfaceType;
import graphql.schema.GraphQLNamedType;
import graphql.schema.GraphQLObjectType;
import graphql.schema.GraphQLSchema;
import graphql.schema.GraphQLSchemaElement;
import graphql.schema.GraphQLType;
import graphql.schema.GraphQLTypeReference;
import graphql.schema.GraphQLTypeVisitorStub;
import graphql.schema.SchemaTransformer;
import graphql.schema.SchemaTraverser;
import graphql.schema.idl.ScalarInfo;
import graphql.util.TraversalControl;
import graphql.util.TraverserContext;

/**
 * A schema without some {@code Query} fields and the types only they reach. Unlike
 * graphql-java 25's {@code FieldVisibilitySchemaTransformation}, it also drops declared
 * types nothing reached at first, which could refer to removed types. An empty
 * {@code Query} is invalid to graphql-js (GraphiQL, code generators), so with every field
 * hidden it keeps a nullable placeholder {@value #PLACEHOLDER}, which answers
 * {@code null}. The whole schema lacks it: with {@code by-permission} a caller shown it
 * runs its requests against the whole schema with the placeholder
 * ({@link #withPlaceholder}).
 */
final class SchemaWithoutFields {

	static final String PLACEHOLDER = "_empty";

	private static final String PLACEHOLDER_DESCRIPTION = "A placeholder: no query field is open to you. Sign in, or ask for a permission.";

	private SchemaWithoutFields() {
	}

	static GraphQLSchema of(GraphQLSchema schema, List<String> hiddenFields) {
		String queryName = schema.getQueryType().getName();
		boolean nothingLeft = schema.getQueryType()
			.getFieldDefinitions()
			.stream()
			.allMatch((field) -> hiddenFields.contains(field.getName()));
		GraphQLSchema withoutFields = SchemaTransformer.transformSchema(schema, new GraphQLTypeVisitorStub() {

			@Override
			public TraversalControl visitGraphQLObjectType(GraphQLObjectType type,
					TraverserContext<GraphQLSchemaElement> context) {
				if (!type.getName().equals(queryName)) {
					return TraversalControl.CONTINUE;
				}
				GraphQLObjectType visible = type.transform((builder) -> {
					builder.clearFields();
					type.getFieldDefinitions()
						.stream()
						.filter((field) -> !hiddenFields.contains(field.getName()))
						.forEach(builder::field);
					if (nothingLeft) {
						builder.field(placeholder());
					}
				});
				return changeNode(context, visible);
			}

		});
		Set<String> reachable = reachableTypes(withoutFields);
		GraphQLSchema visible = SchemaTransformer.transformSchema(withoutFields, new GraphQLTypeVisitorStub() {

			@Override
			protected TraversalControl visitGraphQLType(GraphQLSchemaElement node,
					TraverserContext<GraphQLSchemaElement> context) {
				if (node instanceof GraphQLNamedType type && !(node instanceof GraphQLTypeReference)
						&& !reachable.contains(type.getName()) && !Introspection.isIntrospectionTypes(type.getName())
						&& !ScalarInfo.isGraphqlSpecifiedScalar(type.getName())) {
					return deleteNode(context);
				}
				return TraversalControl.CONTINUE;
			}

		});
		// the specification's scalars stay, as in the whole schema, even if unused
		Set<GraphQLType> scalars = schema.getAllTypesAsList()
			.stream()
			.filter((type) -> ScalarInfo.isGraphqlSpecifiedScalar(type.getName())
					&& visible.getType(type.getName()) == null)
			.collect(Collectors.toSet());
		return scalars.isEmpty() ? visible : visible.transform((builder) -> builder.additionalTypes(scalars));
	}

	/**
	 * The whole schema and the placeholder, for the requests of a caller shown the
	 * placeholder alone: hidden fields still answer {@code SVC_AUTHORIZATION}, and the
	 * field it is shown runs.
	 */
	static GraphQLSchema withPlaceholder(GraphQLSchema schema) {
		GraphQLObjectType query = schema.getQueryType();
		if (query.getFieldDefinition(PLACEHOLDER) != null) {
			return schema;
		}
		return SchemaTransformer.transformSchema(schema, new GraphQLTypeVisitorStub() {

			@Override
			public TraversalControl visitGraphQLObjectType(GraphQLObjectType type,
					TraverserContext<GraphQLSchemaElement> context) {
				if (!type.getName().equals(query.getName())) {
					return TraversalControl.CONTINUE;
				}
				return changeNode(context, type.transform((builder) -> builder.field(placeholder())));
			}

		});
	}

	// no data fetcher: the default one answers null from the root object
	private static GraphQLFieldDefinition placeholder() {
		return GraphQLFieldDefinition.newFieldDefinition()
			.name(PLACEHOLDER)
			.description(PLACEHOLDER_DESCRIPTION)
			.type(Scalars.GraphQLBoolean)
			.build();
	}

	/** Reached from the operation types and directives, implementations included. */
	private static Set<String> reachableTypes(GraphQLSchema schema) {
		Set<String> reached = new HashSet<>();
		List<GraphQLSchemaElement> roots = new ArrayList<>(schema.getDirectives());
		Stream.of(schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType())
			.filter(Objects::nonNull)
			.forEach(roots::add);
		new SchemaTraverser((element) -> {
			if (!(element instanceof GraphQLInterfaceType type)) {
				return element.getChildren();
			}
			List<GraphQLSchemaElement> children = new ArrayList<>(element.getChildren());
			children.addAll(schema.getImplementations(type));
			return children;
		}).depthFirst(new GraphQLTypeVisitorStub() {

			@Override
			protected TraversalControl visitGraphQLType(GraphQLSchemaElement node,
					TraverserContext<GraphQLSchemaElement> context) {
				if (node instanceof GraphQLNamedType type && !(node instanceof GraphQLTypeReference)) {
					reached.add(type.getName());
				}
				return TraversalControl.CONTINUE;
			}

		}, roots);
		return reached;
	}

}
