package dev.svc.graphql.limits;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

import graphql.execution.preparsed.PreparsedDocumentEntry;
import graphql.parser.Parser;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The weight a kept document is given is measured: documents of each shape are parsed and
 * kept, and the heap they hold after a full collection is set against their weights. A
 * weight is never under what its document holds, so that a budget bounds the heap, and at
 * most 1.6 times it, so that a budget is not spent on air.
 */
class DocumentWeightTests {

	private static final int DOCUMENTS = 200;

	@ParameterizedTest
	@ValueSource(strings = { "short names", "long names", "aliases and arguments", "fragments", "nesting",
			"Latin-1 literals", "CJK literals", "long aliases" })
	void shouldWeighAKeptDocumentAsWhatItHoldsOnTheHeap(String shape) {
		IntFunction<String> texts = shape(shape);
		// the parser's own caches grow on the first documents of a shape: not what a
		// document holds
		for (int i = 0; i < DOCUMENTS; i++) {
			Parser.parse(texts.apply(i));
		}
		List<String> text = new ArrayList<>();
		for (int i = 0; i < DOCUMENTS; i++) {
			text.add(texts.apply(i));
		}
		// what a measure sees may be less than the documents hold, never more: a
		// collection can free another's garbage kept alive by a stack slot, and the
		// parser's own caches settle; the largest of three measures is the heap the
		// documents hold
		long weight = 0;
		long held = 0;
		for (int round = 0; round < 3; round++) {
			List<PreparsedDocumentEntry> kept = new ArrayList<>(DOCUMENTS);
			long before = usedAfterCollection();
			for (String each : text) {
				kept.add(new PreparsedDocumentEntry(Parser.parse(each)));
			}
			held = Math.max(held, usedAfterCollection() - before);
			weight = kept.stream().mapToLong((entry) -> DocumentWeight.of("", entry)).sum();
			assertThat(kept).hasSize(DOCUMENTS);
		}
		assertThat((double) weight / held).as("weight / heap held, for %s", shape).isBetween(1.0, 1.6);
	}

	private static IntFunction<String> shape(String shape) {
		return (i) -> {
			if (shape.equals("long aliases")) {
				return "query Q" + i + " { " + "a".repeat(14_900) + ": roles { id } }";
			}
			if (shape.endsWith("literals")) {
				String literal = (shape.startsWith("CJK") ? "\u4E00" : "a").repeat(14_900);
				return "query Q" + i + " { roles(name: \"" + literal + "\") { id } }";
			}
			StringBuilder text = new StringBuilder("query Q" + i + " {");
			for (int field = 0; field < 200; field++) {
				text.append(switch (shape) {
					case "short names" -> " a" + field;
					case "long names" -> " someRatherLongFieldName" + field;
					case "aliases and arguments" ->
						" x" + field + ": users(skipCount: " + field + ", filter: \"ab\") { id }";
					case "fragments" -> " ...F" + field;
					default -> " a { b { c { d } } }";
				});
			}
			text.append(" }");
			if (shape.equals("fragments")) {
				for (int field = 0; field < 200; field++) {
					text.append(" fragment F").append(field).append(" on Query { a").append(field).append(" }");
				}
			}
			return text.toString();
		};
	}

	// the tests' collector (serial) collects the whole heap on each request
	private static long usedAfterCollection() {
		Runtime runtime = Runtime.getRuntime();
		System.gc();
		return runtime.totalMemory() - runtime.freeMemory();
	}

}
