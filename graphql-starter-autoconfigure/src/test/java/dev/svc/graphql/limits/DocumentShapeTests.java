package dev.svc.graphql.limits;

import graphql.introspection.IntrospectionQuery;
import graphql.parser.Parser;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shapes of the attacks the limits stop, measured: each counts in full as it would
 * run, and the measuring visits each selection of the document once, never the expansion.
 */
class DocumentShapeTests {

	private static DocumentShape shape(String document) {
		return DocumentShape.of(Parser.parse(document));
	}

	@Test
	void shouldMeasureAPlainQuery() {
		DocumentShape shape = shape("query @a { users(maxResultCount: 5) { items @b { name roles { n: name } } } }");
		assertThat(shape).isEqualTo(new DocumentShape(4, 5, 1, 2, 0, 0, 5));
	}

	@Test
	void shouldMeasureAChainOfNestedFragmentSpreadsInOnePass() {
		StringBuilder document = new StringBuilder("{ ...F0 }");
		for (int i = 0; i < 780; i++) {
			document.append(" fragment F").append(i).append(" on Query { ...F").append(i + 1).append(" }");
		}
		document.append(" fragment F780 on Query { greeting }");
		DocumentShape shape = shape(document.toString());
		assertThat(shape.fragments()).isEqualTo(781);
		assertThat(shape.fragmentDepth()).isEqualTo(781);
		assertThat(shape.visits()).isEqualTo(782);
	}

	@Test
	void shouldCountAFanOutOfFragmentsInFullWithoutExpandingIt() {
		StringBuilder document = new StringBuilder("{ ...F0 }");
		for (int i = 0; i < 62; i++) {
			document.append(" fragment F")
				.append(i)
				.append(" on Query { ...F")
				.append(i + 1)
				.append(" ...F")
				.append(i + 1)
				.append(" }");
		}
		document.append(" fragment F62 on Query { a: greeting b: greeting }");
		DocumentShape shape = shape(document.toString());
		assertThat(shape.fields()).isEqualTo(Long.MAX_VALUE);
		assertThat(shape.aliases()).isEqualTo(Long.MAX_VALUE);
		assertThat(shape.visits()).isEqualTo(1 + 62 * 2 + 2);
	}

	@Test
	void shouldCountAliasesOfEveryField() {
		StringBuilder document = new StringBuilder("{");
		for (int i = 0; i < 860; i++) {
			document.append(" u").append(i).append(": users(maxResultCount: 1000) { items { name } }");
		}
		DocumentShape shape = shape(document.append(" }").toString());
		assertThat(shape.aliases()).isEqualTo(860);
		assertThat(shape.fields()).isEqualTo(860 * 3);
	}

	@Test
	void shouldSurviveFragmentCyclesAndUnknownFragments() {
		DocumentShape shape = shape(
				"{ ...A ...Nowhere } fragment A on Query { x ...B } fragment B on Query { y ...A }");
		assertThat(shape.fields()).isEqualTo(2);
		// A, B, and the spread of A inside B, which the measuring does not follow a
		// second time
		assertThat(shape.fragmentDepth()).isEqualTo(3);
	}

	@Test
	void shouldGiveTheIntrospectionSystemNoDepth() {
		assertThat(shape("{ __schema { types { fields { type { ofType { ofType { name } } } } } } }").depth()).isZero();
	}

	@Test
	void shouldGiveTheIntrospectionQueryOfAnIdeNoDepthThroughTheFragmentsItSpreads() {
		DocumentShape shape = shape(IntrospectionQuery.INTROSPECTION_QUERY);
		assertThat(shape.depth()).isZero();
		// its fields still count, each as often as it would run
		assertThat(shape.fields()).isGreaterThan(100);
	}

}
