package dev.svc.graphql.audit;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The audit trail of a running app on PostgreSQL, over real HTTP: queries that carry what
 * PostgreSQL refuses in text, and a database that goes away under load for 20 s, cost no
 * record. 20 s: the writer's retries reach their 5 s cap after about 8 s, so the outage
 * spans several tries at the cap, and the buffer holds some 2,000 records when it ends.
 * (H2 takes any text and runs in the app's own process: it cannot go away.) The load is
 * anonymous and comes from one address: its quota is raised so that every query has a
 * record of its own.
 */
@OnEveryDatabase
@EnabledIfSystemProperty(named = "svc.test.database", matches = "postgresql")
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.audit.enabled=true",
				// each query comes through a proxy from a client address of its own, so
				// that every one is recorded one by one within its address's audit quota
				"server.forward-headers-strategy=framework", "spring.datasource.hikari.connection-timeout=1000" })
class AuditTrailTests {

	private static final Duration OUTAGE = Duration.ofSeconds(20);

	@LocalServerPort
	private int port;

	@Value("${spring.datasource.url}")
	private String url;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private AuditLogWriter writer;

	@BeforeEach
	void emptyTheLog() {
		this.jdbc.sql("delete from svc_audit_logs").update();
	}

	@Test
	void shouldRecordEveryQueryOfALoadWithPoisonedOnes() {
		HttpTestClient http = new HttpTestClient(this.port);
		for (int i = 0; i < 2_000; i++) {
			// one in twenty carries a NUL byte, which PostgreSQL refuses in text
			String query = (i % 20 == 0) ? "{ greeting(name: \"a\u0000b" + i + "\") }"
					: "{ greeting(name: \"n" + i + "\") }";
			assertThat(http.graphQl("/graphql", query, "X-Forwarded-For", address(i)).status()).isBetween(200, 400);
		}
		drainTheWriter();
		assertThat(this.jdbc.sql("select count(*) from svc_audit_logs").query(Integer.class).single()).isEqualTo(2_000);
		assertThat(this.jdbc.sql("select count(*) from svc_audit_logs where parameters like '%\ufffd%'")
			.query(Integer.class)
			.single()).isEqualTo(100);
	}

	@Test
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void shouldRecordEveryQueryOfALoadThroughAnOutageOfTheDatabase() throws Exception {
		HttpTestClient http = new HttpTestClient(this.port);
		AtomicBoolean loading = new AtomicBoolean(true);
		Set<Integer> answered = ConcurrentHashMap.newKeySet();
		AtomicReference<CountDownLatch> nextAnswers = new AtomicReference<>(new CountDownLatch(100));
		Thread load = new Thread(() -> {
			for (int i = 0; loading.get(); i++) {
				// anonymous greetings need no database: they run, and wait for their
				// audit record to be written
				if (http.graphQl("/graphql", "{ greeting(name: \"o" + i + "\") }", "X-Forwarded-For", address(i))
					.status() == 200) {
					answered.add(i);
					nextAnswers.get().countDown();
				}
				try {
					// the pace of the load's client
					Thread.sleep(10);
				}
				catch (InterruptedException ex) {
					return;
				}
			}
		});
		load.start();
		assertThat(nextAnswers.get().await(30, TimeUnit.SECONDS)).as("load before the outage").isTrue();
		String database = this.url.substring(this.url.lastIndexOf('/') + 1);
		TestDatabase.takeAway(database);
		try {
			// what is tested: the load goes on without the database
			Thread.sleep(OUTAGE.toMillis());
		}
		finally {
			nextAnswers.set(new CountDownLatch(100));
			TestDatabase.bringBack(database);
		}
		assertThat(nextAnswers.get().await(30, TimeUnit.SECONDS)).as("load after the outage").isTrue();
		loading.set(false);
		load.join();
		assertThat(answered).as("queries answered").hasSizeGreaterThan(500);
		int records = recordsSoon(answered.size());
		Set<Integer> recorded = new HashSet<>();
		Pattern name = Pattern.compile("o(\\d+)");
		for (String parameters : this.jdbc.sql("select parameters from svc_audit_logs").query(String.class).list()) {
			Matcher matcher = name.matcher(parameters);
			if (matcher.find()) {
				recorded.add(Integer.parseInt(matcher.group(1)));
			}
		}
		System.out.println(
				"audit trail through a " + OUTAGE.toSeconds() + " s outage: " + answered.size() + " queries answered, "
						+ records + " records written, " + (records - recorded.size()) + " of them twice");
		assertThat(recorded).as("a record of every answered query").containsAll(answered);
	}

	private static String address(int client) {
		return "10." + ((client >> 16) & 255) + "." + ((client >> 8) & 255) + "." + (client & 255);
	}

	// the writer writes all it holds before its stop returns
	private void drainTheWriter() {
		JdbcAuditLogWriter jdbcWriter = (JdbcAuditLogWriter) this.writer;
		jdbcWriter.stop();
		jdbcWriter.start();
	}

	// after an outage the writer tries again up to every 5 s, and the pool replaces the
	// connections the outage cut as it hands them out: nothing tells when both are done,
	// so this asks, within a deadline
	private int recordsSoon(int expected) throws InterruptedException {
		int records = 0;
		for (int attempt = 0; attempt < 300; attempt++) {
			try {
				records = this.jdbc.sql("select count(*) from svc_audit_logs").query(Integer.class).single();
			}
			catch (RuntimeException ex) {
				// the pool may still hand out a connection the outage cut: ask again
			}
			if (records >= expected) {
				return records;
			}
			Thread.sleep(100);
		}
		return records;
	}

}
