package dev.svc.graphql.introspection;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Who may read the schema ({@code graphql.introspection}).
 */
@ConfigurationProperties("graphql")
public class IntrospectionProperties {

	/**
	 * Who may introspect the schema, and read it from Spring Boot's schema printer:
	 * everyone, signed-in users only (so the playground completes for them while
	 * anonymous callers learn nothing), or never.
	 */
	private Introspection introspection = Introspection.SIGNED_IN;

	public Introspection getIntrospection() {
		return this.introspection;
	}

	public void setIntrospection(Introspection introspection) {
		this.introspection = introspection;
	}

}
