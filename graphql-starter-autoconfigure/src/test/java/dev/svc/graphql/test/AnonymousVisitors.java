package dev.svc.graphql.test;

import java.util.function.Consumer;
import java.util.function.IntSupplier;

import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Visitors who never sign in, each a new browser, and what they leave on the server; and
 * the error page, which nobody may ask for.
 */
public final class AnonymousVisitors {

	private static final int VISITORS = 20;

	private AnonymousVisitors() {
	}

	/**
	 * Counts the sessions in Spring Session's table, where the samples keep theirs.
	 * @param jdbc the application's database
	 * @return the count, read at each call
	 */
	public static IntSupplier springSessions(JdbcClient jdbc) {
		// in Spring Session's spelling: MariaDB's table names are case-sensitive on Linux
		return () -> jdbc.sql("select count(*) from SPRING_SESSION").query(Integer.class).single();
	}

	/**
	 * Sends twenty visitors through the same visit and asserts that the application keeps
	 * as many sessions after them as before.
	 * @param port the application's port
	 * @param sessions counts the application's sessions
	 * @param visit what each visitor asks for
	 */
	public static void assertLeaveNoSession(int port, IntSupplier sessions, Consumer<HttpTestClient> visit) {
		int before = sessions.getAsInt();
		for (int i = 0; i < VISITORS; i++) {
			visit.accept(new HttpTestClient(port));
		}
		assertThat(sessions.getAsInt()).as("sessions").isEqualTo(before);
	}

	/**
	 * Asserts that a request for the error page itself is refused, as for a page the
	 * caller may not see, instead of answering 500: an anonymous visitor is sent to the
	 * login page, a signed-in user is forbidden.
	 * @param port the application's port
	 * @param signedIn a client with a signed-in user's session
	 */
	public static void assertErrorPageRefused(int port, HttpTestClient signedIn) {
		assertThat(new HttpTestClient(port).get("/error").status()).isEqualTo(302);
		assertThat(signedIn.get("/error").status()).isEqualTo(403);
	}

}
