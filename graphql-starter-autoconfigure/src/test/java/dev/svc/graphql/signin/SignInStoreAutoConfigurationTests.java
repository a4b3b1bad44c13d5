package dev.svc.graphql.signin;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.signin.password.SignInAttempts;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.session.TestSessions;
import dev.svc.graphql.signin.twofactor.TwoFactorStore;
import dev.svc.graphql.test.EmptyCredentialStore;
import dev.svc.graphql.test.EmptyIdentityStore;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class SignInStoreAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class,
				JdbcIdentityStoreAutoConfiguration.class, SignInStoreAutoConfiguration.class));

	@Test
	void shouldKeepTheStoresInTheModulesTablesWhereItMigratesThem() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(SignInSessions.class)
				.hasSingleBean(SignInAttempts.class)
				.hasSingleBean(TwoFactorStore.class);
			assertThat(context.getBean(SignInSessions.class).getClass().getName())
				.isEqualTo("dev.svc.graphql.signin.session.JdbcSignInSessions");
			assertThat(context.getBean(SignInAttempts.class).getClass().getName())
				.isEqualTo("dev.svc.graphql.signin.password.JdbcSignInAttempts");
			assertThat(context.getBean(TwoFactorStore.class).getClass().getName())
				.isEqualTo("dev.svc.graphql.signin.twofactor.JdbcTwoFactorStore");
		});
	}

	@Test
	void shouldKeepNoStoresForAHostsIdentityAndCredentialStores() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.withBean(CredentialStore.class, EmptyCredentialStore::new)
			.run((context) -> assertThat(context).hasNotFailed()
				.as("the host keeps its users' sign-in state where it keeps the users")
				.doesNotHaveBean(SignInSessions.class)
				.doesNotHaveBean(SignInAttempts.class)
				.doesNotHaveBean(TwoFactorStore.class));
	}

	@Test
	void shouldBackOffWhenUserDefinesAStore() {
		SignInSessions sessions = TestSessions.inMemory();
		this.contextRunner.withBean("ownSessions", SignInSessions.class, () -> sessions).run((context) -> {
			assertThat(context).hasSingleBean(SignInSessions.class).getBean(SignInSessions.class).isSameAs(sessions);
			assertThat(context.getBean(SignInAttempts.class).getClass().getName())
				.isEqualTo("dev.svc.graphql.signin.password.JdbcSignInAttempts");
		});
	}

	@Test
	void shouldKeepNoStoresWithoutACredentialStore() {
		this.contextRunner.withPropertyValues("graphql.identity.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(SignInSessions.class)
				.doesNotHaveBean(SignInAttempts.class)
				.doesNotHaveBean(TwoFactorStore.class));
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> assertThat(context).hasNotFailed()
				.doesNotHaveBean(CredentialStore.class)
				.doesNotHaveBean(SignInSessions.class)
				.doesNotHaveBean(SignInAttempts.class)
				.doesNotHaveBean(TwoFactorStore.class));
	}

}
