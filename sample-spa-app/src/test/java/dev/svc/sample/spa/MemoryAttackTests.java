package dev.svc.sample.spa;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryJdk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The attack of issue 32 on the SPA sample as shipped: a process of its own with the heap
 * of its {@code jvm.options}. One anonymous caller, then one low-privilege account, fill
 * every cache they can reach with the largest documents the limits allow, by text and by
 * hash, and one address floods the sign-in path with a new name each time. After each, 12
 * concurrent sign-ins and a users page must succeed, the live heap after a full
 * collection stays within the caches' budgets, and the refused sign-ins leave a bounded
 * number of audit records. The figures go to {@code target/memory-attack.txt}
 * ({@code bench/memory-attack.sh} prints them).
 */
@OnEveryJdk
class MemoryAttackTests {

	/**
	 * The documents each caller sends: more than the caches' budgets hold (each weighs
	 * about 140 KB, the anonymous budget is 2 MB, the signed-in one 8 MB); a full cache
	 * evicts, so twice a budget proves its bound as well as ten times would.
	 */
	private static final int DOCUMENTS = 120;

	/** Live heap the app may hold after the floods, against the shipped 128 MB. */
	private static final long MAX_LIVE_HEAP = 64L * 1024 * 1024;

	private static final String ATTACKER = "203.0.113.7";

	private Process app;

	private Path log;

	private int port;

	private final List<String> figures = new ArrayList<>();

	@BeforeEach
	@Timeout(value = 3, unit = TimeUnit.MINUTES)
	void startTheSampleWithItsShippedHeap() throws Exception {
		try (ServerSocket socket = new ServerSocket(0)) {
			this.port = socket.getLocalPort();
		}
		this.log = Files.createTempFile("svc-memory-attack", ".log");
		List<String> command = new ArrayList<>();
		command.add(ProcessHandle.current().info().command().orElse("java"));
		command.addAll(Files.readAllLines(Path.of("jvm.options"))
			.stream()
			.map(String::strip)
			.filter((line) -> !line.isEmpty() && !line.startsWith("#"))
			.toList());
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), SampleSpaApplication.class.getName(),
				"--spring.profiles.active=test", "--server.port=" + this.port,
				"--spring.datasource.url=jdbc:h2:mem:svc-memory-attack",
				// as shipped: the tests' configuration turns the throttle off and
				// Argon2id down
				"--graphql.sign-in.throttle.max-attempts=30", "--graphql.sign-in.password.hashing.memory=19MB",
				// the test's requests come through a proxy on the loopback address that
				// names the client
				"--server.tomcat.remoteip.internal-proxies=127.0.0.1/32, ::1/128"));
		this.app = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(this.log.toFile()).start();
		awaitHealthy();
	}

	@AfterEach
	void stop() throws Exception {
		if (this.app != null && this.app.isAlive()) {
			this.app.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
		}
		Files.write(Path.of("target", "memory-attack.txt"), this.figures);
	}

	@Test
	@Timeout(value = 4, unit = TimeUnit.MINUTES)
	void shouldKeepSigningInAndAnsweringWhateverOneCallerMakesTheCachesKeep() throws Exception {
		long start = liveHeap();
		report("live heap after start: %d MB", start >> 20);

		// one anonymous caller: the largest documents the limits allow, each new, by text
		// and by hash
		HttpTestClient anonymous = new HttpTestClient(this.port);
		for (int i = 0; i < DOCUMENTS; i++) {
			assertThat(post(anonymous, largest("Anonymous" + i), null).status()).isEqualTo(200);
			assertThat(byHash(anonymous, largest("Unsent" + i)).body()).contains("PersistedQueryNotFound");
		}
		long afterAnonymous = liveHeap();
		report("live heap after %d anonymous documents of %d characters: %d MB", DOCUMENTS,
				largest("Anonymous0").length(), afterAnonymous >> 20);
		signInsAndAUsersPageSucceed();

		// one low-privilege account: the same documents, and new ones
		String token = new HttpTestClient(this.port).bearerToken("Default", "jdoe", "123qwe");
		HttpTestClient lowPrivilege = new HttpTestClient(this.port);
		for (int i = 0; i < DOCUMENTS; i++) {
			assertThat(post(lowPrivilege, largest("Anonymous" + i), token).status()).isEqualTo(200);
			assertThat(post(lowPrivilege, largest("SignedIn" + i), token).status()).isEqualTo(200);
		}
		long afterSignedIn = liveHeap();
		report("live heap after %d more documents of a low-privilege account: %d MB", 2 * DOCUMENTS,
				afterSignedIn >> 20);
		signInsAndAUsersPageSucceed();

		// one address: sign-in attempts with a new name each time
		String auditor = new HttpTestClient(this.port).bearerToken("", "auditor", "123qwe");
		long firstRecord = newestSignInRecord(auditor);
		HttpTestClient attacker = new HttpTestClient(this.port);
		int refused = 0;
		long flood = System.nanoTime();
		long firstMinute = System.currentTimeMillis() / 60_000;
		for (int i = 0; i < 1_000; i++) {
			Response response = attacker.post(
					"/api/TokenAuth/Authenticate", "application/json", HttpTestClient.json(Map.of("tenancyName", "",
							"userNameOrEmailAddress", "nobody-" + i + "-" + "x".repeat(200), "password", "wrong")),
					"X-Forwarded-For", ATTACKER);
			refused += (response.status() == 429) ? 1 : 0;
		}
		double seconds = (System.nanoTime() - flood) / 1e9;
		// the audit quotas count in windows on the minute, the throttle in a minute from
		// an address's first attempt: a flood across minutes gets each window's allowance
		long minutes = System.currentTimeMillis() / 60_000 - firstMinute + 1;
		// the writer writes in the background: the flood's records are in once the newest
		// stops changing (the auditor's reads are records of another service)
		long records = awaitNewestSignInRecord(auditor) - firstRecord;
		long afterSignIns = liveHeap();
		report("1000 sign-in attempts from one address in %.1f s: %d refused with 429, %d audit records", seconds,
				refused, records);
		report("live heap after the sign-in flood: %d MB", afterSignIns >> 20);
		assertThat(refused).isGreaterThanOrEqualTo(940);
		assertThat(records).as("per minute, 30 checked attempts and 30 refused ones have records, the rest one summary")
			.isLessThanOrEqualTo(61 * minutes + 2);
		signInsAndAUsersPageSucceed();

		assertThat(List.of(afterAnonymous, afterSignedIn, afterSignIns)).as("live heap after each flood")
			.allSatisfy((heap) -> assertThat(heap).isLessThanOrEqualTo(MAX_LIVE_HEAP));
		assertThat(Files.readString(this.log)).doesNotContain("OutOfMemoryError");
	}

	/**
	 * 12 sign-ins at once, from 12 addresses and to the demo's five accounts (each
	 * account may make 30 attempts a minute), then a users page: all of them answer.
	 */
	private void signInsAndAUsersPageSucceed() throws Exception {
		List<List<String>> accounts = List.of(List.of("", "admin"), List.of("", "auditor"), List.of("Default", "admin"),
				List.of("Default", "jdoe"), List.of("Second", "admin"));
		ExecutorService pool = Executors.newFixedThreadPool(12);
		try {
			List<Callable<String>> signIns = new ArrayList<>();
			for (int i = 0; i < 12; i++) {
				String address = "198.51.100." + (i + 1);
				List<String> account = accounts.get(i % accounts.size());
				signIns.add(() -> {
					Response response = new HttpTestClient(this.port).post("/api/TokenAuth/Authenticate",
							"application/json", HttpTestClient.json(Map.of("tenancyName", account.get(0),
									"userNameOrEmailAddress", account.get(1), "password", "123qwe")),
							"X-Forwarded-For", address);
					return response.status() + " " + account + " " + response.body();
				});
			}
			for (Future<String> answer : pool.invokeAll(signIns, 60, TimeUnit.SECONDS)) {
				assertThat(answer.get()).as("a sign-in; the app's log: %s", this.log).startsWith("200 ");
			}
		}
		finally {
			pool.shutdownNow();
		}
		String token = new HttpTestClient(this.port).bearerToken("Default", "admin", "123qwe");
		Response page = post(new HttpTestClient(this.port),
				"{ users(maxResultCount: 20) { totalCount items { userName } } }", token);
		assertThat(page.status()).isEqualTo(200);
		assertThat(page.body()).contains("\"userName\":\"jdoe\"").doesNotContain("errors");
	}

	/**
	 * A document at the limits: 990 fields in about 11,000 characters, under 1000 tokens.
	 */
	private static String largest(String name) {
		return "query " + name + " {" + " __typename".repeat(990) + " }";
	}

	private static Response post(HttpTestClient client, String query, String token) {
		String body = HttpTestClient.json(Map.of("query", query));
		return (token != null) ? client.post("/graphql", "application/json", body, "Authorization", token)
				: client.post("/graphql", "application/json", body, "X-Forwarded-For", ATTACKER);
	}

	private static Response byHash(HttpTestClient client, String query) {
		return client.post("/graphql", "application/json",
				HttpTestClient.json(Map.of("extensions",
						Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", HttpTestClient.sha256(query))))),
				"X-Forwarded-For", ATTACKER);
	}

	private long awaitNewestSignInRecord(String auditor) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		long newest = newestSignInRecord(auditor);
		while (System.nanoTime() < deadline) {
			Thread.sleep(1_000);
			long again = newestSignInRecord(auditor);
			if (again == newest) {
				return newest;
			}
			newest = again;
		}
		throw new AssertionError("the audit log was still growing 30 s after the flood");
	}

	// the host's newest record of a sign-in, as its auditor reads the log; ids are of
	// every service, and nothing but the flood writes records while it runs
	private long newestSignInRecord(String auditor) {
		String body = post(new HttpTestClient(this.port), "{ auditLogs(serviceName: \"Authentication\") { id } }",
				auditor)
			.body();
		Matcher id = Pattern.compile("\"id\":(\\d+)").matcher(body);
		assertThat(id.find()).as(body).isTrue();
		return Long.parseLong(id.group(1));
	}

	/** The heap in use after a full collection, as {@code jcmd} reads it from the app. */
	private long liveHeap() throws Exception {
		jcmd("GC.run");
		String info = jcmd("GC.heap_info");
		Matcher used = Pattern.compile("total \\d+K, used (\\d+)K").matcher(info);
		long kilobytes = 0;
		while (used.find()) {
			kilobytes += Long.parseLong(used.group(1));
		}
		assertThat(kilobytes).as(info).isPositive();
		return kilobytes * 1024;
	}

	private String jcmd(String command) throws Exception {
		Path java = Path.of(ProcessHandle.current().info().command().orElseThrow());
		Process jcmd = new ProcessBuilder(java.resolveSibling("jcmd").toString(), String.valueOf(this.app.pid()),
				command)
			.redirectErrorStream(true)
			.start();
		String output = new String(jcmd.getInputStream().readAllBytes());
		assertThat(jcmd.waitFor(30, TimeUnit.SECONDS)).isTrue();
		return output;
	}

	private void report(String format, Object... values) {
		String line = String.format(format, values);
		this.figures.add(line);
		System.out.println(line);
	}

	private void awaitHealthy() throws Exception {
		HttpTestClient http = new HttpTestClient(this.port);
		// a start beside the rest of the build's tests, on two cores, has taken over a
		// minute
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(170);
		while (System.nanoTime() < deadline) {
			assertThat(this.app.isAlive()).as("the app is running; its log: %s", this.log).isTrue();
			try {
				if (http.get("/actuator/health").status() == 200) {
					return;
				}
			}
			catch (RuntimeException ex) {
				// not listening yet
			}
			Thread.sleep(250);
		}
		throw new AssertionError("the app did not start within 170 s; its log: " + this.log);
	}

}
