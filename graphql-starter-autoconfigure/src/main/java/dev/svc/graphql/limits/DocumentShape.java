package dev.svc.graphql.limits;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import graphql.language.Definition;
import graphql.language.Document;
import graphql.language.Field;
import graphql.language.FragmentDefinition;
import graphql.language.FragmentSpread;
import graphql.language.InlineFragment;
import graphql.language.OperationDefinition;
import graphql.language.Selection;
import graphql.language.SelectionSet;

/**
 * A parsed document's measures as it would run: a fragment counts at each spread. Each
 * fragment is measured once, so the work is linear in the document's length whatever its
 * shape; counts saturate. Introspection fields ({@code __schema}, {@code __type}) add no
 * depth, so that an IDE's introspection query is not refused for its nesting.
 *
 * @param depth the deepest nesting of fields
 * @param fields the fields, each counted as often as it would run
 * @param aliases the aliases
 * @param directives the directives on fields, fragments and spreads
 * @param fragments the fragment definitions
 * @param fragmentDepth the deepest nesting of fragment spreads
 * @param visits the selections visited: linear in the document's length, not expansion
 */
record DocumentShape(long depth, long fields, long aliases, long directives, long fragments, long fragmentDepth,
		long visits) {

	static DocumentShape of(Document document) {
		return new Measurer(document).measure();
	}

	// saturates: a fan-out of fragments can count past any long
	private static long add(long a, long b) {
		long sum = a + b;
		return (sum < 0) ? Long.MAX_VALUE : sum;
	}

	private record Measure(long depth, long fields, long aliases, long directives, long fragmentDepth) {

		static final Measure NONE = new Measure(0, 0, 0, 0, 0);

		Measure and(Measure other) {
			return new Measure(Math.max(this.depth, other.depth), add(this.fields, other.fields),
					add(this.aliases, other.aliases), add(this.directives, other.directives),
					Math.max(this.fragmentDepth, other.fragmentDepth));
		}

	}

	private static final class Measurer {

		private final Map<String, FragmentDefinition> fragments = new HashMap<>();

		private final Map<String, Measure> measured = new HashMap<>();

		private final Set<String> inProgress = new HashSet<>();

		private final Document document;

		private long visits;

		Measurer(Document document) {
			this.document = document;
			for (Definition<?> definition : document.getDefinitions()) {
				if (definition instanceof FragmentDefinition fragment) {
					this.fragments.putIfAbsent(fragment.getName(), fragment);
				}
			}
		}

		DocumentShape measure() {
			Measure total = Measure.NONE;
			for (Definition<?> definition : this.document.getDefinitions()) {
				if (definition instanceof OperationDefinition operation) {
					total = total.and(selections(operation.getSelectionSet()))
						.and(new Measure(0, 0, 0, operation.getDirectives().size(), 0));
				}
			}
			// a fragment no operation spreads is invalid, measured all the same: the
			// validator works on it too
			for (String name : this.fragments.keySet()) {
				if (!this.measured.containsKey(name)) {
					total = total.and(fragment(name));
				}
			}
			return new DocumentShape(total.depth(), total.fields(), total.aliases(), total.directives(),
					this.fragments.size(), total.fragmentDepth(), this.visits);
		}

		private Measure selections(SelectionSet selectionSet) {
			Measure measure = Measure.NONE;
			if (selectionSet == null) {
				return measure;
			}
			for (Selection<?> selection : selectionSet.getSelections()) {
				measure = measure.and(selection(selection));
			}
			return measure;
		}

		private Measure selection(Selection<?> selection) {
			this.visits++;
			if (selection instanceof Field field) {
				// an introspection field's selections count in full but for their depth,
				// so that an IDE's introspection query is refused neither for nesting nor
				// fragments
				boolean introspection = field.getName().startsWith("__");
				Measure below = selections(field.getSelectionSet());
				return new Measure(introspection ? 0 : add(below.depth(), 1), add(below.fields(), 1),
						add(below.aliases(), (field.getAlias() != null) ? 1 : 0),
						add(below.directives(), field.getDirectives().size()), below.fragmentDepth());
			}
			if (selection instanceof InlineFragment inline) {
				Measure below = selections(inline.getSelectionSet());
				return new Measure(below.depth(), below.fields(), below.aliases(),
						add(below.directives(), inline.getDirectives().size()), below.fragmentDepth());
			}
			FragmentSpread spread = (FragmentSpread) selection;
			Measure below = fragment(spread.getName());
			return new Measure(below.depth(), below.fields(), below.aliases(),
					add(below.directives(), spread.getDirectives().size()), add(below.fragmentDepth(), 1));
		}

		private Measure fragment(String name) {
			Measure known = this.measured.get(name);
			if (known != null) {
				return known;
			}
			FragmentDefinition fragment = this.fragments.get(name);
			// an unknown or self-spreading fragment is the validator's to report
			if (fragment == null || !this.inProgress.add(name)) {
				return Measure.NONE;
			}
			Measure below = selections(fragment.getSelectionSet());
			Measure measure = new Measure(below.depth(), below.fields(), below.aliases(),
					add(below.directives(), fragment.getDirectives().size()), below.fragmentDepth());
			this.inProgress.remove(name);
			this.measured.put(name, measure);
			return measure;
		}

	}

}
