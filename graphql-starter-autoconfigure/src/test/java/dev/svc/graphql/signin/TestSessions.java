package dev.svc.graphql.signin;

import java.time.Clock;
import java.time.Duration;

import dev.svc.graphql.signin.store.SignInSessions;
import dev.svc.graphql.signin.store.TestStores;

import org.springframework.util.unit.DataSize;

/**
 * Sessions for tests that build the module's sign-in types by hand.
 */
public final class TestSessions {

	private TestSessions() {
	}

	/**
	 * Sessions in memory.
	 * @return a new store
	 */
	public static SignInSessions inMemory() {
		return TestStores.inMemorySessions();
	}

	/**
	 * The active sessions of a store, checked every 5 seconds, cookie sessions of 12
	 * hours, and the checks cached as by default.
	 * @param sessions the store
	 * @param clock the time
	 * @return the active sessions
	 */
	public static ActiveSessions active(SignInSessions sessions, Clock clock) {
		return new ActiveSessions(sessions, ActiveSessions.CHECK_INTERVAL, Duration.ofHours(12),
				DataSize.ofMegabytes(8).toBytes(), clock);
	}

}
