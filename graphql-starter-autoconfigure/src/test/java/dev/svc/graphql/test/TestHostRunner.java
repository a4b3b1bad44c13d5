package dev.svc.graphql.test;

import dev.svc.graphql.audit.AuditAutoConfiguration;
import dev.svc.graphql.audit.AuditLogsQueryAutoConfiguration;
import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.context.UserContextAutoConfiguration;
import dev.svc.graphql.error.GraphQlErrorAutoConfiguration;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.instrumentation.RequestInstrumentationAutoConfiguration;
import dev.svc.graphql.introspection.IntrospectionAutoConfiguration;
import dev.svc.graphql.limits.RequestLimitsAutoConfiguration;
import dev.svc.graphql.persisted.PersistedQueriesAutoConfiguration;
import dev.svc.graphql.playground.PlaygroundAutoConfiguration;
import dev.svc.graphql.queries.IdentityQueriesAutoConfiguration;
import dev.svc.graphql.ratelimit.RateLimitAutoConfiguration;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.signin.SignInAutoConfiguration;
import dev.svc.graphql.signin.SignInStoreAutoConfiguration;
import dev.svc.graphql.signin.cookie.CookieSignInAutoConfiguration;
import dev.svc.graphql.signin.token.TokenSignInAutoConfiguration;
import dev.svc.graphql.visibility.SchemaVisibilityAutoConfiguration;
import dev.svc.graphql.web.GraphQlEndpointAutoConfiguration;
import dev.svc.graphql.web.GraphQlEndpointSecurityAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.flyway.autoconfigure.FlywayAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.servlet.GraphQlWebMvcAutoConfiguration;
import org.springframework.boot.http.converter.autoconfigure.HttpMessageConvertersAutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceTransactionManagerAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcClientAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.JdbcTemplateAutoConfiguration;
import org.springframework.boot.security.autoconfigure.SecurityAutoConfiguration;
import org.springframework.boot.security.autoconfigure.UserDetailsServiceAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterAutoConfiguration;
import org.springframework.boot.security.autoconfigure.web.servlet.ServletWebSecurityAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.transaction.autoconfigure.TransactionAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.MockMvcAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@link TestHostApplication} as context runners, for a test whose subject is the
 * configuration: the module's auto-configurations with the parts of Spring Boot a host
 * brings (web, security, GraphQL, JSON) and the test handlers with their schema; the
 * database only when asked for, the one the build chose
 * ({@link TestDatabase#initializer()}). The endpoint stays switched off, and the demo
 * data out, until a test sets {@code graphql.enabled=true} or
 * {@code graphql.identity.demo-data=true}. A runner starts a context per {@code run}: a
 * class whose methods share one expensive context (migrations, demo data) stays a
 * {@code @SpringBootTest}.
 */
public final class TestHostRunner {

	/** The module's auto-configurations. */
	public static final AutoConfigurations MODULE = AutoConfigurations.of(PermissionAutoConfiguration.class,
			GraphQlErrorAutoConfiguration.class, JdbcIdentityStoreAutoConfiguration.class,
			SignInStoreAutoConfiguration.class, IdentityQueriesAutoConfiguration.class,
			UserContextAutoConfiguration.class, AuditAutoConfiguration.class, SignInAutoConfiguration.class,
			RootContainerAutoConfiguration.class, GraphQlEndpointAutoConfiguration.class,
			GraphQlEndpointSecurityAutoConfiguration.class, TokenSignInAutoConfiguration.class,
			CookieSignInAutoConfiguration.class, AuditLogsQueryAutoConfiguration.class,
			RequestLimitsAutoConfiguration.class, PersistedQueriesAutoConfiguration.class,
			IntrospectionAutoConfiguration.class, SchemaVisibilityAutoConfiguration.class,
			PlaygroundAutoConfiguration.class, RateLimitAutoConfiguration.class,
			RequestInstrumentationAutoConfiguration.class);

	/** A host's database, migrated by Flyway, with Spring's JDBC helpers. */
	public static final AutoConfigurations DATABASE = AutoConfigurations.of(DataSourceAutoConfiguration.class,
			DataSourceTransactionManagerAutoConfiguration.class, TransactionAutoConfiguration.class,
			JdbcTemplateAutoConfiguration.class, JdbcClientAutoConfiguration.class, FlywayAutoConfiguration.class);

	/**
	 * The parts of Spring Boot that a web host brings, and MockMvc's tester
	 * ({@link MockMvcRequests#mvc}).
	 */
	public static final AutoConfigurations WEB = AutoConfigurations.of(JacksonAutoConfiguration.class,
			HttpMessageConvertersAutoConfiguration.class, GraphQlAutoConfiguration.class,
			GraphQlWebMvcAutoConfiguration.class, DispatcherServletAutoConfiguration.class,
			WebMvcAutoConfiguration.class, SecurityAutoConfiguration.class, UserDetailsServiceAutoConfiguration.class,
			ServletWebSecurityAutoConfiguration.class, SecurityFilterAutoConfiguration.class,
			MockMvcAutoConfiguration.class);

	private static final String SCHEMA = "spring.graphql.schema.locations=classpath:graphql-test/";

	private TestHostRunner() {
	}

	/**
	 * Lets the conditions read the properties by their relaxed names
	 * ({@code GraphQL.Enabled}), as in an application that {@code SpringApplication}
	 * started.
	 */
	private static void asSpringApplicationDoes(ConfigurableApplicationContext context) {
		ConfigurationPropertySources.attach(context.getEnvironment());
	}

	/**
	 * A web host without a database.
	 * @return the runner
	 */
	public static WebApplicationContextRunner web() {
		return new WebApplicationContextRunner().withInitializer(TestHostRunner::asSpringApplicationDoes)
			.withConfiguration(WEB)
			.withConfiguration(MODULE)
			.withUserConfiguration(TestHandlers.GreetingConfiguration.class)
			.withPropertyValues(SCHEMA);
	}

	/**
	 * A web host on the build's database, migrated with the module's schema.
	 * @return the runner
	 */
	public static WebApplicationContextRunner webWithDatabase() {
		return web().withConfiguration(DATABASE).withInitializer(TestDatabase.initializer());
	}

	/**
	 * A host without a web layer, on the build's database, migrated with the module's
	 * schema: a test adds the auto-configurations it is about.
	 * @return the runner
	 */
	public static ApplicationContextRunner withDatabase() {
		return new ApplicationContextRunner().withInitializer(TestHostRunner::asSpringApplicationDoes)
			.withConfiguration(DATABASE)
			.withConfiguration(AutoConfigurations.of(JdbcIdentityStoreAutoConfiguration.class))
			.withInitializer(TestDatabase.initializer());
	}

}
