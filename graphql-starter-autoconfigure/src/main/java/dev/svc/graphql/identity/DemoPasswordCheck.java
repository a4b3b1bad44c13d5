package dev.svc.graphql.identity;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Looks, once the application has started in release mode, for the demo data's accounts
 * that still sign in with the demo password (a database that once ran the demo data, a
 * host that copied a sample's development properties): it warns, or stops the start-up
 * when the host says so. Only the demo data's five accounts are looked at, so a start
 * costs at most five password checks, none where their hash is the demo data's own.
 */
final class DemoPasswordCheck implements SmartInitializingSingleton {

	private static final Log logger = LogFactory.getLog(DemoPasswordCheck.class);

	/** The demo data's password, for every one of its accounts. */
	static final String DEMO_PASSWORD = "123qwe";

	/** The demo data's hash of it, which needs no hashing to recognise. */
	private static final String DEMO_HASH = "{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW";

	/** The demo data's accounts: tenancy name (empty for the host) and user name. */
	private static final List<List<String>> ACCOUNTS = List.of(List.of("", "admin"), List.of("", "auditor"),
			List.of("Default", "admin"), List.of("Default", "jdoe"), List.of("Second", "admin"));

	private final IdentityStore identities;

	private final CredentialStore credentials;

	private final PasswordEncoder passwordEncoder;

	private final boolean fail;

	DemoPasswordCheck(IdentityStore identities, CredentialStore credentials, PasswordEncoder passwordEncoder,
			boolean fail) {
		this.identities = identities;
		this.credentials = credentials;
		this.passwordEncoder = passwordEncoder;
		this.fail = fail;
	}

	@Override
	public void afterSingletonsInstantiated() {
		List<String> found = accountsWithTheDemoPassword();
		if (found.isEmpty()) {
			return;
		}
		String message = "Accounts of the demo data sign in with the demo password " + DEMO_PASSWORD + " ("
				+ String.join(", ", found) + ") while the application runs in release mode "
				+ "(graphql.expose-exception-details=false): anybody can sign in as them. Set "
				+ "graphql.identity.demo-data=false and change or remove these accounts, or start with "
				+ "the development settings."
				+ (this.fail ? "" : " Set graphql.identity.fail-on-demo-passwords=true to refuse such a start.");
		if (this.fail) {
			throw new IllegalStateException(message);
		}
		logger.warn(message);
	}

	List<String> accountsWithTheDemoPassword() {
		List<String> found = new ArrayList<>();
		for (List<String> account : ACCOUNTS) {
			String tenancyName = account.get(0);
			String userName = account.get(1);
			Optional<Integer> tenantId = tenancyName.isEmpty() ? Optional.empty()
					: this.identities.findTenantByName(tenancyName).map(Tenant::id);
			if (!tenancyName.isEmpty() && tenantId.isEmpty()) {
				continue;
			}
			this.credentials.findCredentials(tenantId.orElse(null), userName)
				.filter((user) -> isDemoPassword(user.passwordHash()))
				.ifPresent((user) -> found.add((tenancyName.isEmpty() ? "host" : tenancyName) + "/" + userName));
		}
		return found;
	}

	private boolean isDemoPassword(@Nullable String hash) {
		if (DEMO_HASH.equals(hash)) {
			return true;
		}
		try {
			return this.passwordEncoder.matches(DEMO_PASSWORD, hash);
		}
		catch (IllegalArgumentException ex) {
			// a hash of a kind the encoder does not read: no password signs in with it
			return false;
		}
	}

}
