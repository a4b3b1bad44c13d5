package dev.svc.sample.mvc;

import java.util.concurrent.TimeUnit;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.signin.twofactor.TwoFactorCodeSender;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sample as shipped, with its own properties only (not the tests'): without the
 * {@code dev} profile it has no demo accounts and writes no codes to the log; with it, as
 * the README runs it, it has both. Each test starts the whole app, outside Spring's test
 * context cache: on a busy machine the first start in a fresh JVM takes longer than the
 * default bound.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ReleaseModeTests {

	@Test
	void shouldLoadNoDemoAccountsAndLogNoCodesWithoutTheDevProfile() {
		try (ConfigurableApplicationContext app = start()) {
			assertThat(app.getBean(CredentialStore.class).findCredentials(null, "admin")).isEmpty();
			assertThat(app.getBean(IdentityStore.class).findTenantByName("Default")).isEmpty();
			assertThat(app.getBeanNamesForType(TwoFactorCodeSender.class)).isEmpty();
		}
	}

	@Test
	void shouldLoadTheDemoAccountsAndLogCodesWithTheDevProfile() {
		try (ConfigurableApplicationContext app = start("dev")) {
			assertThat(app.getBean(CredentialStore.class).findCredentials(null, "admin")).isPresent();
			assertThat(app.getBean(IdentityStore.class).findTenantByName("Default")).isPresent();
			assertThat(app.getBeanNamesForType(TwoFactorCodeSender.class)).hasSize(1);
		}
	}

	/** The main properties alone: the tests' own in {@code config/} are left out. */
	private static ConfigurableApplicationContext start(String... profiles) {
		return new SpringApplicationBuilder(SampleMvcApplication.class).profiles(profiles)
			.run("--spring.config.location=classpath:/", "--server.port=0", "--graphql.audit.enabled=false");
	}

}
