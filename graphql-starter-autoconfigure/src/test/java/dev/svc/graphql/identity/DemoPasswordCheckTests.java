package dev.svc.graphql.identity;

import javax.sql.DataSource;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A start in release mode with an account of the demo data that still signs in with the
 * demo password warns, or fails when the host says so; a start with the development
 * settings or without the demo accounts says nothing.
 */
@ExtendWith(OutputCaptureExtension.class)
class DemoPasswordCheckTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcIdentityStoreAutoConfiguration.class));

	@Test
	void shouldWarnOfTheDemoAccountsInReleaseMode(CapturedOutput output) {
		this.contextRunner.withPropertyValues("graphql.identity.demo-data=true").run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(output.getOut()).contains("WARN")
				.contains("sign in with the demo password 123qwe (host/admin, host/auditor, Default/admin, "
						+ "Default/jdoe, Second/admin)")
				.contains("graphql.identity.fail-on-demo-passwords=true");
		});
	}

	@Test
	void shouldRefuseToStartWithTheDemoAccountsWhenAskedTo() {
		this.contextRunner
			.withPropertyValues("graphql.identity.demo-data=true", "graphql.identity.fail-on-demo-passwords=true")
			.run((context) -> assertThat(context).getFailure()
				.isInstanceOf(IllegalStateException.class)
				.hasMessageContaining("(host/admin, host/auditor, Default/admin, Default/jdoe, Second/admin)")
				.hasMessageContaining("graphql.identity.demo-data=false"));
	}

	@Test
	void shouldSayNothingWithTheDevelopmentSettings(CapturedOutput output) {
		this.contextRunner
			.withPropertyValues("graphql.identity.demo-data=true", "graphql.identity.fail-on-demo-passwords=true",
					"graphql.expose-exception-details=true")
			.run((context) -> {
				assertThat(context).hasNotFailed().doesNotHaveBean(DemoPasswordCheck.class);
				assertThat(output.getOut()).doesNotContain("demo password");
			});
	}

	@Test
	void shouldStartWithoutTheDemoData(CapturedOutput output) {
		this.contextRunner.withPropertyValues("graphql.identity.fail-on-demo-passwords=true").run((context) -> {
			assertThat(context).hasNotFailed().hasSingleBean(DemoPasswordCheck.class);
			assertThat(output.getOut()).doesNotContain("demo password");
		});
	}

	@Test
	void shouldFindTheDemoPasswordUnderAnotherHashAndNoOtherPassword() {
		this.contextRunner.withPropertyValues("graphql.identity.demo-data=true").run((context) -> {
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			BCryptPasswordEncoder bcrypt = new BCryptPasswordEncoder(4);
			// the host's admin signed in and got a new hash of the same password; the
			// others changed theirs
			jdbc.update("update svc_users set password_hash = ?", "{bcrypt}" + bcrypt.encode("changed-it"));
			jdbc.update("update svc_users set password_hash = ? where id = 1", "{bcrypt}" + bcrypt.encode("123qwe"));
			assertThat(context.getBean(DemoPasswordCheck.class).accountsWithTheDemoPassword())
				.containsExactly("host/admin");
			jdbc.update("update svc_users set password_hash = ? where id = 1", "not a hash of any kind");
			assertThat(context.getBean(DemoPasswordCheck.class).accountsWithTheDemoPassword()).isEmpty();
		});
	}

}
