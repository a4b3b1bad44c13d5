package dev.svc.graphql.visibility;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

import graphql.GraphQLContext;
import graphql.language.Document;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.schema.GraphQLSchema;
import org.jspecify.annotations.Nullable;

/**
 * The schema a request's caller is shown: the whole schema without the {@code Query}
 * fields hidden from it. Put into the request's GraphQL context before the document is
 * parsed, so that what depends on the schema (introspection, the schema printer, the
 * validated documents kept) tells one caller's schema from another's. With
 * {@code graphql.schema.visibility=by-permission-as-missing} the request is validated and
 * run against it too.
 */
public final class VisibleSchema {

	private final List<String> hiddenFields;

	private final GraphQLSchema schema;

	private final GraphQLSchema base;

	private final boolean validatesRequests;

	VisibleSchema(List<String> hiddenFields, GraphQLSchema schema, GraphQLSchema base, boolean validatesRequests) {
		this.hiddenFields = hiddenFields;
		this.schema = schema;
		this.base = base;
		this.validatesRequests = validatesRequests;
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
	 * The {@code Query} fields hidden from the caller: two callers with the same hidden
	 * fields see the same schema.
	 * @return the names of the fields, sorted, empty when the caller sees the whole
	 * schema
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

	/**
	 * Whether the request is validated and run against this schema
	 * ({@code by-permission-as-missing}), rather than only shown to its caller while it
	 * runs against the whole one ({@code by-permission}).
	 * @return {@code true} when a field hidden from the caller does not exist for its
	 * request
	 */
	public boolean validatesRequests() {
		return this.validatesRequests;
	}

	/**
	 * Whether an operation of a document selects a {@code Query} field hidden from the
	 * caller, directly or through fragments.
	 * @param document a document that passed validation
	 * @return {@code true} when one of its operations selects a hidden field
	 */
	public boolean isHiddenFromCaller(Document document) {
		if (this.hiddenFields.isEmpty()) {
			return false;
		}
		Map<String, FragmentDefinition> fragments = document.getDefinitionsOfType(FragmentDefinition.class)
			.stream()
			.collect(Collectors.toMap(FragmentDefinition::getName, Function.identity(), (first, second) -> first));
		return document.getDefinitionsOfType(OperationDefinition.class)
			.stream()
			.anyMatch((operation) -> selectsHidden(operation.getSelectionSet(), fragments, new HashSet<>()));
	}

	private boolean selectsHidden(SelectionSet selections, Map<String, FragmentDefinition> fragments,
			Set<String> spread) {
		for (Selection<?> selection : selections.getSelections()) {
			if (selection instanceof Field field && this.hiddenFields.contains(field.getName())) {
				return true;
			}
			if (selection instanceof InlineFragment inline
					&& selectsHidden(inline.getSelectionSet(), fragments, spread)) {
				return true;
			}
			if (selection instanceof FragmentSpread fragmentSpread && spread.add(fragmentSpread.getName())) {
				FragmentDefinition fragment = fragments.get(fragmentSpread.getName());
				if (fragment != null && selectsHidden(fragment.getSelectionSet(), fragments, spread)) {
					return true;
				}
			}
		}
		return false;
	}

	/** The whole schema this one was made from. */
	GraphQLSchema base() {
		return this.base;
	}

}
