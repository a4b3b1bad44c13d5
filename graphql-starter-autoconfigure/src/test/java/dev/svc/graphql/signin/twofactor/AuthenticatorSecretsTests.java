package dev.svc.graphql.signin.twofactor;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import javax.sql.DataSource;

import dev.svc.graphql.signin.SignInStoreAutoConfiguration;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The authenticator secrets in {@code svc_users} are encrypted with the application's
 * key; one kept in clear before works, and is encrypted at the next start with the
 * clients it remembered kept; a key that does not open the secrets stops the start.
 */
@OnEveryDatabase
class AuthenticatorSecretsTests {

	static final String KEY = "authenticator-secrets-tests-key-0123456789";

	private static final String SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

	private final ApplicationContextRunner contextRunner = TestHostRunner.withDatabase()
		.withConfiguration(AutoConfigurations.of(SignInStoreAutoConfiguration.class))
		.withPropertyValues("graphql.identity.demo-data=true", "graphql.sign-in.two-factor.encryption-key=" + KEY);

	private TwoFactorStore store;

	private DataSource dataSource;

	private JdbcClient jdbc;

	/**
	 * Runs a test on a new database with the demo data, where no user has a secret.
	 */
	private void onTheDatabase(Executable test) {
		this.contextRunner.run((context) -> {
			this.store = context.getBean(TwoFactorStore.class);
			this.dataSource = context.getBean(DataSource.class);
			this.jdbc = context.getBean(JdbcClient.class);
			test.execute();
		});
	}

	private String stored() {
		return this.jdbc.sql("select authenticator_key from svc_users where id = 3").query(String.class).single();
	}

	// what a database read of svc_users shows, every column of every row
	private String usersTable() {
		List<Map<String, Object>> rows = this.jdbc.sql("select * from svc_users").query().listOfRows();
		return rows.toString();
	}

	private JdbcTwoFactorStore startedWith(String key) {
		JdbcTwoFactorStore started = new JdbcTwoFactorStore(JdbcClient.create(this.dataSource),
				new SecretEncryption(key));
		started.afterPropertiesSet();
		return started;
	}

	@Test
	void shouldKeepNoSecretInClear() {
		onTheDatabase(() -> {
			this.store.saveAuthenticatorKey(3, SECRET, true);

			assertThat(stored()).startsWith("{aes-gcm}").doesNotContain(SECRET);
			assertThat(usersTable()).doesNotContain(SECRET);
			assertThat(this.store.find(3).orElseThrow().authenticatorKey()).isEqualTo(SECRET);
		});
	}

	@Test
	void shouldKeepTheCipherTextAndTheClientsWhenTheSameSecretIsSavedAgain() {
		onTheDatabase(() -> {
			this.store.saveAuthenticatorKey(3, SECRET, false);
			String sealed = stored();
			this.store.saveAuthenticatorKey(3, SECRET, true);
			assertThat(stored()).isEqualTo(sealed);
			Instant now = Instant.now();
			this.store.rememberClient("a".repeat(64), 3, now, now.plus(Duration.ofDays(1)));
			this.store.saveAuthenticatorKey(3, SECRET, true);

			assertThat(this.store.isRememberedClient("a".repeat(64), 3, now)).isTrue();
		});
	}

	@Test
	void shouldTakeASecretKeptInClearAndEncryptItAtTheNextStart() {
		onTheDatabase(() -> {
			this.jdbc.sql("update svc_users set authenticator_key = :key, is_two_factor_enabled = true where id = 3")
				.param("key", SECRET)
				.update();
			Instant now = Instant.now();
			this.store.rememberClient("b".repeat(64), 3, now, now.plus(Duration.ofDays(1)));
			assertThat(this.store.find(3).orElseThrow().authenticatorKey()).as("before the start").isEqualTo(SECRET);

			JdbcTwoFactorStore restarted = startedWith(KEY);

			assertThat(stored()).startsWith("{aes-gcm}");
			assertThat(usersTable()).doesNotContain(SECRET);
			assertThat(restarted.find(3).orElseThrow().authenticatorKey()).isEqualTo(SECRET);
			assertThat(restarted.isRememberedClient("b".repeat(64), 3, now)).as("the remembered client, kept").isTrue();
		});
	}

	@Test
	void shouldNotStartWithAKeyThatDoesNotOpenTheSecrets() {
		onTheDatabase(() -> {
			this.store.saveAuthenticatorKey(3, SECRET, true);

			assertThatIllegalStateException().isThrownBy(() -> startedWith("another-key-of-enough-bytes-0123456789abc"))
				.withMessageContaining("does not open with graphql.sign-in.two-factor.encryption-key");
			assertThatIllegalStateException().isThrownBy(() -> startedWith(null))
				.withMessageContaining("graphql.sign-in.two-factor.encryption-key is not set");
			assertThatIllegalStateException().isThrownBy(() -> new SecretEncryption("short"))
				.withMessageContaining("at least 32 bytes");
		});
	}

}
