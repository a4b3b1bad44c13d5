package dev.svc.graphql.queries;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The built-in queries ({@code graphql.queries.*}), each one can be switched off. */
@ConfigurationProperties("graphql.queries")
public class IdentityQueriesProperties {

	private final Query roles = new Query();

	private final Query organizationUnits = new Query();

	private final Query users = new Query();

	public Query getRoles() {
		return this.roles;
	}

	public Query getOrganizationUnits() {
		return this.organizationUnits;
	}

	public Query getUsers() {
		return this.users;
	}

	/** The settings of one built-in query. */
	public static final class Query {

		/** Whether the query is served, with its field in the schema. */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

	}

}
