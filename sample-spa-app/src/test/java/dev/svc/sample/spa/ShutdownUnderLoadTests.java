package dev.svc.sample.spa;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.OnEveryJdk;
import dev.svc.graphql.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SPA sample as a real process on PostgreSQL, stopped with SIGTERM while clients keep
 * querying it: every query it answered is in the audit log, none is lost in the writer's
 * buffer (the web server stops taking requests, finishes those in flight, then the writer
 * drains).
 */
@OnEveryJdk
@OnEveryDatabase
@EnabledIfSystemProperty(named = "svc.test.database", matches = "postgresql")
class ShutdownUnderLoadTests {

	private static final String QUERY = "{\"query\": \"query ShutdownLoad { __typename }\", \"operationName\": \"ShutdownLoad\"}";

	private static final int CLIENTS = 8;

	private TestDatabase database;

	private Process app;

	private Path log;

	private int port;

	@BeforeEach
	void startTheAppAsAProcessOfItsOwn() throws Exception {
		this.database = TestDatabase.createPostgres();
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		this.log = Files.createTempFile("svc-shutdown", ".log");
		String java = ProcessHandle.current().info().command().orElse("java");
		// the load is anonymous, each query through a proxy from an address of its own,
		// so
		// that every query has its own record within its address's audit quota
		this.app = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
				SampleSpaApplication.class.getName(), "--spring.profiles.active=test", "--server.port=" + port,
				"--spring.datasource.url=" + this.database.url(),
				"--spring.datasource.username=" + this.database.user(), "--graphql.audit.enabled=true",
				"--server.forward-headers-strategy=framework")
			.redirectErrorStream(true)
			.redirectOutput(this.log.toFile())
			.start();
		this.port = port;
		awaitHealthy();
	}

	private void awaitHealthy() throws Exception {
		HttpClient http = HttpClient.newHttpClient();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
		while (System.nanoTime() < deadline) {
			assertThat(this.app.isAlive()).as("the app is running; its log: %s", this.log).isTrue();
			try {
				HttpResponse<Void> health = http.send(HttpRequest.newBuilder(uri("/actuator/health")).build(),
						HttpResponse.BodyHandlers.discarding());
				if (health.statusCode() == 200) {
					return;
				}
			}
			catch (IOException ex) {
				// not listening yet
			}
			Thread.sleep(250);
		}
		throw new AssertionError("the app did not start within 90 s; its log: " + this.log);
	}

	private URI uri(String path) {
		return URI.create("http://localhost:" + this.port + path);
	}

	@AfterEach
	void stop() throws Exception {
		if (this.app != null && this.app.isAlive()) {
			this.app.destroyForcibly().waitFor();
		}
		if (this.database != null) {
			this.database.destroy();
		}
	}

	@Test
	void shouldAuditEveryAnsweredQueryWhenStoppedWithSigtermUnderLoad() throws Exception {
		AtomicBoolean running = new AtomicBoolean(true);
		AtomicInteger answered = new AtomicInteger();
		AtomicInteger sent = new AtomicInteger();
		List<Thread> clients = new ArrayList<>();
		for (int i = 0; i < CLIENTS; i++) {
			Thread client = new Thread(() -> query(running, sent, answered));
			client.start();
			clients.add(client);
		}
		// load until a good number of records is waiting in the writer's buffer or on its
		// way
		while (answered.get() < 2_000) {
			Thread.sleep(10);
		}
		this.app.destroy(); // SIGTERM
		assertThat(this.app.waitFor(60, TimeUnit.SECONDS)).as("the app stopped; its log: %s", this.log).isTrue();
		running.set(false);
		for (Thread client : clients) {
			client.join();
		}

		int records = countRecords();
		System.out.printf("SIGTERM under load: %d queries sent, %d answered 200, %d audit records%n", sent.get(),
				answered.get(), records);
		assertThat(records).as("every answered query is in the audit log").isGreaterThanOrEqualTo(answered.get());
		assertThat(records).as("and no query was recorded that was never sent").isLessThanOrEqualTo(sent.get());
		assertThat(Files.readString(this.log)).as("the app's log")
			.doesNotContain("audit records were dropped")
			.doesNotContain("refused an audit record");
	}

	private void query(AtomicBoolean running, AtomicInteger sent, AtomicInteger answered) {
		HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
		while (running.get()) {
			int client = sent.incrementAndGet();
			HttpRequest request = HttpRequest.newBuilder(uri("/graphql"))
				.header("Content-Type", "application/json")
				.header("X-Forwarded-For",
						"10." + ((client >> 16) & 255) + "." + ((client >> 8) & 255) + "." + (client & 255))
				.POST(HttpRequest.BodyPublishers.ofString(QUERY))
				.build();
			try {
				HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
				if (response.statusCode() == 200 && response.body().contains("\"__typename\":\"Query\"")) {
					answered.incrementAndGet();
				}
			}
			catch (IOException ex) {
				// stopping or stopped: refused, or cut off before the answer
				if (!this.app.isAlive()) {
					return;
				}
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				return;
			}
		}
	}

	private int countRecords() throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.database.url(), this.database.user(), "");
				ResultSet count = connection.createStatement()
					.executeQuery("select count(*) from svc_audit_logs where method_name = 'ShutdownLoad'")) {
			count.next();
			return count.getInt(1);
		}
	}

}
