package dev.svc.graphql.test;

import java.util.List;

/**
 * The documents of the attacks the request limits are for, with the code each is refused
 * with. Shared by the module's tests and the sample apps', so every host is tried with
 * the same shapes.
 */
public final class AttackShapes {

	private AttackShapes() {
	}

	/**
	 * Every shape, each within the default length limit, so that the shape itself is what
	 * is refused.
	 * @return the attacks
	 */
	public static List<Attack> all() {
		StringBuilder chain = new StringBuilder("{ ...F0 }");
		for (int i = 0; i < 780; i++) {
			chain.append(" fragment F").append(i).append(" on Query { ...F").append(i + 1).append(" }");
		}
		chain.append(" fragment F780 on Query { __typename }");
		StringBuilder fanOut = new StringBuilder("{ ...F0 }");
		for (int i = 0; i < 30; i++) {
			fanOut.append(" fragment F")
				.append(i)
				.append(" on Query { ...F")
				.append(i + 1)
				.append(" ...F")
				.append(i + 1)
				.append(" }");
		}
		fanOut.append(" fragment F30 on Query { __typename }");
		StringBuilder aliases = new StringBuilder("{");
		for (int i = 0; i < 860; i++) {
			aliases.append(" u").append(i).append(":users(maxResultCount:1000){items{name}}");
		}
		StringBuilder directives = new StringBuilder("{ __typename");
		for (int i = 0; i < 400; i++) {
			directives.append(" @skip(if:false)");
		}
		return List.of(new Attack("a chain of 780 nested fragment spreads", chain.toString(), "QUERY_TOO_LARGE"),
				new Attack("a fan-out of 2^30 fragment spreads", fanOut.toString(), "QUERY_TOO_COMPLEX"),
				new Attack("860 aliases of users(maxResultCount: 1000)", aliases.append(" }").toString(),
						"QUERY_TOO_LARGE"),
				new Attack("400 directives", directives.append(" }").toString(), "QUERY_TOO_LARGE"),
				new Attack("fields nested 600 deep", "{ users { items ".repeat(300), "QUERY_TOO_COMPLEX"),
				new Attack("7,000 tokens in 14,000 characters", "{" + " a".repeat(7000) + " }", "QUERY_TOO_LARGE"),
				new Attack("16 aliases", "{" + " a: __typename".repeat(16) + " }", "QUERY_TOO_COMPLEX"),
				new Attack("fields nested 7 deep", "{ a { b { c { d { e { f { g } } } } } } }", "QUERY_TOO_COMPLEX"));
	}

	/**
	 * An attack.
	 *
	 * @param name what it is
	 * @param document the query document
	 * @param code the {@code extensions.code} of its refusal
	 */
	public record Attack(String name, String document, String code) {

		@Override
		public String toString() {
			return this.name;
		}

	}

}
