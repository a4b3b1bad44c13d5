package dev.svc.graphql.container;

import java.sql.SQLTransientConnectionException;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.error.UserFriendlyException;
import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;

import org.springframework.beans.factory.config.ConfigurableBeanFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Scope;
import org.springframework.jdbc.CannotGetJdbcConnectionException;

/**
 * Handlers for the fields of {@code graphql-test/greeting.graphqls}.
 */
public final class TestHandlers {

	static final AtomicInteger GREETING_INSTANCES = new AtomicInteger();

	static final AtomicInteger SECRET_CALLS = new AtomicInteger();

	private TestHandlers() {
	}

	@Configuration(proxyBeanMethods = false)
	public static class GreetingConfiguration {

		@Bean
		@Scope(ConfigurableBeanFactory.SCOPE_PROTOTYPE)
		GreetingHandler greetingHandler() {
			return new GreetingHandler();
		}

		@Bean
		SecretHandler secretHandler() {
			return new SecretHandler();
		}

		@Bean
		FailingHandler failingHandler() {
			return new FailingHandler();
		}

	}

	/**
	 * Handlers for the field of {@code graphql-tree/tree.graphqls}: a tree as deep as a
	 * query asks.
	 */
	@Configuration(proxyBeanMethods = false)
	public static class TreeConfiguration {

		@Bean
		TreeHandler treeHandler() {
			return new TreeHandler();
		}

	}

	static final class TreeHandler implements QueryHandler<Node> {

		@Override
		public String fieldName() {
			return "tree";
		}

		@Override
		public Node resolve(QueryContext context) {
			return new Node("root");
		}

	}

	/**
	 * A node whose child is always there.
	 *
	 * @param name the node's name
	 */
	record Node(String name) {

		public Node child() {
			return new Node(this.name + "/child");
		}

	}

	static final class GreetingHandler implements QueryHandler<String> {

		private final int instance = GREETING_INSTANCES.incrementAndGet();

		@Override
		public String fieldName() {
			return "greeting";
		}

		@Override
		public String resolve(QueryContext context) {
			String who = context.argument("name", String.class, "world");
			String user = context.user().isAuthenticated() ? context.user().userName() : "anonymous";
			String tenant = (context.user().tenantId() != null) ? " of tenant " + context.user().tenantId() : "";
			return "Hello " + who + " from instance " + this.instance + " for " + user + tenant;
		}

	}

	@RequiresPermission({ "Pages.Administration.Users", "Test.Secret" })
	static final class SecretHandler implements QueryHandler<String> {

		@Override
		public String fieldName() {
			return "secret";
		}

		@Override
		public String resolve(QueryContext context) {
			SECRET_CALLS.incrementAndGet();
			return "42";
		}

	}

	static final class FailingHandler implements QueryHandler<String> {

		@Override
		public String fieldName() {
			return "failing";
		}

		@Override
		public String resolve(QueryContext context) {
			if (context.argument("kind", String.class).equals("database")) {
				throw new CannotGetJdbcConnectionException("Failed to obtain JDBC Connection",
						new SQLTransientConnectionException(
								"HikariPool-1 - Connection is not available, request timed out"));
			}
			if (context.argument("kind", String.class).equals("friendly")) {
				throw new TemperatureTooHighException("It is too hot, come back at 20 degrees or less.");
			}
			throw new IllegalStateException("kaput", new IllegalArgumentException("root cause"));
		}

	}

	static final class TemperatureTooHighException extends UserFriendlyException {

		TemperatureTooHighException(String message) {
			super(message);
		}

	}

}
