package dev.svc.graphql.signin.store;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.context.annotation.Import;

/**
 * Where sign-in keeps its state, wherever there are credentials to sign in with: in the
 * module's tables when the module migrates them (the default identity store), else in
 * memory, where a log-out and a failure count hold on one instance only and two-factor
 * sign-in is not offered. Each store backs off before a host's own.
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class,
		beforeName = "dev.svc.graphql.signin.SignInAutoConfiguration")
@ConditionalOnBean(CredentialStore.class)
@Import({ SignInStoreConfigurations.JdbcStoresConfiguration.class,
		SignInStoreConfigurations.InMemoryStoresConfiguration.class })
public final class SignInStoreAutoConfiguration {

}
