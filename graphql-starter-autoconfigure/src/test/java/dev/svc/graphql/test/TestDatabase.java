package dev.svc.graphql.test;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.util.Assert;

/**
 * A database made for one test context and dropped after it, so no run depends on what an
 * earlier one left. It is created on the server {@link TestServers} finds or starts:
 * PostgreSQL (user {@code postgres}) or MariaDB (user {@code root}, no password, with the
 * URL options the module asks for there: times in UTC).
 *
 * @param url the JDBC URL of the new database
 * @param user the user that owns it
 * @param adminUrl the JDBC URL of the maintenance database used to create and drop it
 * @param name the database name
 */
public record TestDatabase(String url, String user, String adminUrl, String name) implements DisposableBean {

	/**
	 * Whether the build chose PostgreSQL.
	 * @return {@code true} when {@code svc.test.database=postgresql}
	 */
	public static boolean isPostgres() {
		return "postgresql".equalsIgnoreCase(System.getProperty("svc.test.database", "h2").trim());
	}

	/**
	 * Whether the build chose MariaDB.
	 * @return {@code true} when {@code svc.test.database=mariadb}
	 */
	public static boolean isMariaDb() {
		return "mariadb".equalsIgnoreCase(System.getProperty("svc.test.database", "h2").trim());
	}

	/**
	 * Creates a new, empty database on the server the build chose, PostgreSQL or MariaDB.
	 * @return the database
	 */
	public static TestDatabase create() {
		Assert.state(isPostgres() || isMariaDb(), "The build chose H2, whose databases Spring Boot makes");
		return isPostgres() ? createPostgres() : createMariaDb();
	}

	/**
	 * Points a context runner's contexts at the database the build chose, as
	 * {@link TestDatabaseContextCustomizerFactory} points the test contexts: on H2 Spring
	 * Boot makes a new in-memory database per context; on PostgreSQL or MariaDB each
	 * context gets a new database, dropped when it closes.
	 * @return the initializer
	 */
	public static ApplicationContextInitializer<ConfigurableApplicationContext> initializer() {
		return (context) -> {
			if (isPostgres() || isMariaDb()) {
				create().useIn(context);
			}
		};
	}

	/**
	 * Makes a context use this database, and drop it when the context closes.
	 * @param context the context, not yet refreshed
	 */
	void useIn(ConfigurableApplicationContext context) {
		// Spring keeps many test contexts alive at once: small pools keep them all
		// within the server's connection limit
		context.getEnvironment()
			.getPropertySources()
			.addFirst(new MapPropertySource("svcTestDatabase",
					Map.of("spring.datasource.url", this.url, "spring.datasource.username", this.user,
							"spring.datasource.password", "", "spring.datasource.hikari.maximum-pool-size", "4",
							"spring.datasource.hikari.minimum-idle", "1")));
		// registered before any bean is created, so destroyed after the data source is
		// closed
		((DefaultListableBeanFactory) context.getBeanFactory()).registerDisposableBean("svcTestDatabase", this);
	}

	/**
	 * Creates a new, empty PostgreSQL database.
	 * @return the database
	 */
	public static TestDatabase createPostgres() {
		String server = TestServers.postgresUrl();
		String user = System.getProperty("svc.test.postgres.user", "postgres");
		String name = newName();
		TestDatabase database = new TestDatabase(server + name, user, server + "postgres", name);
		database.execute("create database " + name);
		return database;
	}

	/**
	 * Creates a new, empty MariaDB database.
	 * @return the database
	 */
	public static TestDatabase createMariaDb() {
		String server = TestServers.mariaDbUrl();
		String user = System.getProperty("svc.test.mariadb.user", "root");
		String name = newName();
		TestDatabase database = new TestDatabase(server + name + "?connectionTimeZone=UTC&preserveInstants=true", user,
				server, name);
		database.execute("create database " + name);
		return database;
	}

	private static String newName() {
		return "svc_test_" + UUID.randomUUID().toString().replace("-", "").substring(0, 16).toLowerCase(Locale.ROOT);
	}

	/**
	 * Takes a database of the local server away, as a server that goes down: new
	 * connections are refused and open ones cut, until {@link #bringBack(String)}.
	 * @param name the database
	 */
	public static void takeAway(String name) {
		adminOfServer().execute("alter database " + name + " with allow_connections false");
		adminOfServer()
			.execute("select pg_terminate_backend(pid) from pg_stat_activity where datname = '" + name + "'");
	}

	/**
	 * Lets a database taken away accept connections again.
	 * @param name the database
	 */
	public static void bringBack(String name) {
		adminOfServer().execute("alter database " + name + " with allow_connections true");
	}

	private static TestDatabase adminOfServer() {
		String server = TestServers.postgresUrl();
		return new TestDatabase(server + "postgres", System.getProperty("svc.test.postgres.user", "postgres"),
				server + "postgres", "postgres");
	}

	@Override
	public void destroy() {
		execute("drop database if exists " + this.name
				+ (this.adminUrl.startsWith("jdbc:postgresql:") ? " with (force)" : ""));
	}

	private void execute(String sql) {
		try (Connection connection = DriverManager.getConnection(this.adminUrl, this.user, "");
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Could not run '" + sql + "' on " + this.adminUrl + " as " + this.user
					+ ". Is the server up (PostgreSQL on 127.0.0.1:5432 with trust authentication, MariaDB on"
					+ " 127.0.0.1:3306 with root and no password)?", ex);
		}
	}

}
