package dev.svc.graphql.visibility;

import java.util.List;

import graphql.GraphQLContext;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * The schema a request is validated and run against: the whole schema without the {@code Query}
 * fields hidden from its caller. Put into the request's GraphQL context before the document is
 * parsed, so that what depends on the schema (the validated documents kept, the schema printer)
 * tells one caller's schema from another's.
 */
public final class VisibleSchema {

	private final List<String> hiddenFields;

	private final GraphQLSchema schema;

	private final GraphQLSchema base;

	VisibleSchema(List<String> hiddenFields, GraphQLSchema schema, GraphQLSchema base) {
		this.hiddenFields = hiddenFields;
		this.schema = schema;
		this.base = base;
	}

	/**
	 * The schema of a request.
	 * @param context the request's GraphQL context
	 * @return the request's schema, or {@code null} when visibility does not apply
	 * ({@code graphql.schema.visibility=all}) and every request sees the whole schema
	 */
	public static @Nullable VisibleSchema of(GraphQLContext context) {
		return context.get(VisibleSchema.class);
	}

	/**
	 * The {@code Query} fields hidden from the caller: two callers with the same hidden fields see
	 * the same schema.
	 * @return the names of the fields, sorted, empty when the caller sees the whole schema
	 */
	public List<String> hiddenFields() {
		return this.hiddenFields;
	}

	/**
	 * The schema the caller sees.
	 * @return the schema
	 */
	public GraphQLSchema schema() {
		return this.schema;
	}

	/** The whole schema this one was made from. */
	GraphQLSchema base() {
		return this.base;
	}

}
