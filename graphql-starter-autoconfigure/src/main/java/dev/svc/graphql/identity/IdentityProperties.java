package dev.svc.graphql.identity;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The identity data ({@code graphql.identity.*}). */
@ConfigurationProperties("graphql.identity")
public class IdentityProperties {

	/**
	 * Whether the module keeps identity data (tenants, users, roles, organization units,
	 * permissions, audit records) in its own svc_* tables and migration history in the
	 * host's DataSource. A host's own IdentityStore bean turns off the tables and both
	 * module stores.
	 */
	private boolean enabled = true;

	/**
	 * Whether the migrations also load demo data: a host admin and tenants with users
	 * whose password is 123qwe; two-factor codes "sent by e-mail" then go to the log
	 * where the application declares no TwoFactorCodeSender. Never in production.
	 */
	private boolean demoData;

	/**
	 * Whether a start in release mode (graphql.expose-exception-details=false) stops when
	 * an account of the demo data still signs in with the demo password, instead of
	 * warning. Turn it on in production, where nobody may sign in that way.
	 */
	private boolean failOnDemoPasswords;

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isDemoData() {
		return this.demoData;
	}

	public void setDemoData(boolean demoData) {
		this.demoData = demoData;
	}

	public boolean isFailOnDemoPasswords() {
		return this.failOnDemoPasswords;
	}

	public void setFailOnDemoPasswords(boolean failOnDemoPasswords) {
		this.failOnDemoPasswords = failOnDemoPasswords;
	}

}
