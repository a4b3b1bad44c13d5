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
 * The schema a request's caller is shown, without the {@code Query} fields hidden from
 * it. Put into the GraphQL context before parsing, so that whatever depends on the schema
 * (introspection, the printer, cached validated documents) tells callers' schemas apart.
 */
public final class VisibleSchema {

	// no field is named so: a name starts with a letter or an underscore
	private static final List<String> WHOLE_WITH_PLACEHOLDER = List.of("+" + SchemaWithoutFields.PLACEHOLDER);

	private final List<String> hiddenFields;

	private final GraphQLSchema schema;

	private final GraphQLSchema base;

	private final boolean validatesRequests;

	private final GraphQLSchema runsAgainst;

	private final List<String> validatedAgainst;

	VisibleSchema(List<String> hiddenFields, GraphQLSchema schema, GraphQLSchema base, boolean validatesRequests,
			GraphQLSchema runsAgainst) {
		this.hiddenFields = hiddenFields;
		this.schema = schema;
		this.base = base;
		this.validatesRequests = validatesRequests;
		this.runsAgainst = runsAgainst;
		this.validatedAgainst = validatesRequests ? hiddenFields
				: (runsAgainst != base) ? WHOLE_WITH_PLACEHOLDER : List.of();
	}

	/**
	 * The schema of a request.
	 * @param context the request's GraphQL context
	 * @return the request's schema, {@code null} when visibility is {@code all}
	 */
	public static @Nullable VisibleSchema of(GraphQLContext context) {
		return context.get(VisibleSchema.class);
	}

	/**
	 * The {@code Query} fields hidden from the caller, which identify its schema.
	 * @return the field names, sorted, empty for the whole schema
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
	 * ({@code by-permission-as-missing}), not only shown to its caller.
	 * @return whether hidden fields do not exist for the request
	 */
	public boolean validatesRequests() {
		return this.validatesRequests;
	}

	/**
	 * Names the schema the request is validated and run against, so that documents
	 * validated against one schema are kept apart from those validated against another.
	 * @return the hidden fields with {@code by-permission-as-missing}; otherwise empty
	 * for the whole schema, or a name of the whole schema with the placeholder, which a
	 * caller shown nothing else runs against
	 */
	public List<String> validatedAgainst() {
		return this.validatedAgainst;
	}

	/**
	 * Whether an operation selects a hidden field, directly or through fragments.
	 * @param document a document that passed validation
	 * @return whether one of its operations selects a hidden field
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

	GraphQLSchema base() {
		return this.base;
	}

	GraphQLSchema runsAgainst() {
		return this.runsAgainst;
	}

}
