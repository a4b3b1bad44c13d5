package dev.svc.graphql.container;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import graphql.language.Argument;
import graphql.language.BooleanValue;
import graphql.language.Directive;
import graphql.language.DirectivesContainer;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.Selection;
import graphql.language.SelectionSet;
import graphql.language.Value;
import graphql.language.VariableReference;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.DataFetchingFieldSelectionSet;
import graphql.schema.SelectedField;

/**
 * Answers a plain path such as {@code "items/roles"} from the query document itself
 * (fragments, {@code @skip}/{@code @include}); only globs and field lists go to
 * graphql-java's selection set, which first normalizes the whole operation (about 3 % of
 * a users page's CPU).
 */
final class DocumentSelectionSet implements DataFetchingFieldSelectionSet {

	private final DataFetchingEnvironment environment;

	DocumentSelectionSet(DataFetchingEnvironment environment) {
		this.environment = environment;
	}

	@Override
	public boolean contains(String fieldGlobPattern) {
		if (!isPlainPath(fieldGlobPattern)) {
			return graphQlJava().contains(fieldGlobPattern);
		}
		List<Field> level = this.environment.getMergedField().getFields();
		for (String name : fieldGlobPattern.split("/", -1)) {
			List<Field> selected = new ArrayList<>();
			for (Field field : level) {
				collect(field.getSelectionSet(), name, selected);
			}
			if (selected.isEmpty()) {
				return false;
			}
			level = selected;
		}
		return true;
	}

	private static boolean isPlainPath(String pattern) {
		if (pattern.isEmpty()) {
			return false;
		}
		boolean segmentStart = true;
		for (int i = 0; i < pattern.length(); i++) {
			char c = pattern.charAt(i);
			if (c == '/') {
				if (segmentStart) {
					return false;
				}
				segmentStart = true;
			}
			else if (c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
				segmentStart = false;
			}
			else {
				return false;
			}
		}
		return !segmentStart;
	}

	private void collect(SelectionSet selectionSet, String name, List<Field> into) {
		if (selectionSet == null) {
			return;
		}
		for (Selection<?> selection : selectionSet.getSelections()) {
			if (selection instanceof Field field) {
				if (field.getName().equals(name) && isIncluded(field)) {
					into.add(field);
				}
			}
			else if (selection instanceof InlineFragment fragment) {
				if (isIncluded(fragment)) {
					collect(fragment.getSelectionSet(), name, into);
				}
			}
			else if (selection instanceof FragmentSpread spread && isIncluded(spread)) {
				FragmentDefinition definition = this.environment.getFragmentsByName().get(spread.getName());
				if (definition != null) {
					collect(definition.getSelectionSet(), name, into);
				}
			}
		}
	}

	private boolean isIncluded(DirectivesContainer<?> selection) {
		for (Directive directive : selection.getDirectives()) {
			if (directive.getName().equals("skip") && isTrue(directive)) {
				return false;
			}
			if (directive.getName().equals("include") && !isTrue(directive)) {
				return false;
			}
		}
		return true;
	}

	private boolean isTrue(Directive directive) {
		Argument condition = directive.getArgument("if");
		Value<?> value = (condition != null) ? condition.getValue() : null;
		if (value instanceof BooleanValue literal) {
			return literal.isValue();
		}
		if (value instanceof VariableReference variable) {
			return Boolean.TRUE.equals(this.environment.getVariables().get(variable.getName()));
		}
		return false;
	}

	private DataFetchingFieldSelectionSet graphQlJava() {
		return this.environment.getSelectionSet();
	}

	@Override
	public boolean containsAnyOf(String fieldGlobPattern, String... fieldGlobPatterns) {
		if (contains(fieldGlobPattern)) {
			return true;
		}
		for (String pattern : fieldGlobPatterns) {
			if (contains(pattern)) {
				return true;
			}
		}
		return false;
	}

	@Override
	public boolean containsAllOf(String fieldGlobPattern, String... fieldGlobPatterns) {
		if (!contains(fieldGlobPattern)) {
			return false;
		}
		for (String pattern : fieldGlobPatterns) {
			if (!contains(pattern)) {
				return false;
			}
		}
		return true;
	}

	@Override
	public List<SelectedField> getFields() {
		return graphQlJava().getFields();
	}

	@Override
	public List<SelectedField> getImmediateFields() {
		return graphQlJava().getImmediateFields();
	}

	@Override
	public List<SelectedField> getFields(String fieldGlobPattern, String... fieldGlobPatterns) {
		return graphQlJava().getFields(fieldGlobPattern, fieldGlobPatterns);
	}

	@Override
	public Map<String, List<SelectedField>> getFieldsGroupedByResultKey() {
		return graphQlJava().getFieldsGroupedByResultKey();
	}

	@Override
	public Map<String, List<SelectedField>> getFieldsGroupedByResultKey(String fieldGlobPattern,
			String... fieldGlobPatterns) {
		return graphQlJava().getFieldsGroupedByResultKey(fieldGlobPattern, fieldGlobPatterns);
	}

}
