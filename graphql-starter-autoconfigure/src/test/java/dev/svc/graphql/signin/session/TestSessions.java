package dev.svc.graphql.signin.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

import org.springframework.util.unit.DataSize;

/**
 * Sessions for tests that build the module's sign-in types by hand.
 */
public final class TestSessions {

	private TestSessions() {
	}

	/**
	 * Sessions in memory, for tests of what uses them: a stand-in, not a store of the
	 * module (its sessions are in its tables).
	 * @return a new store
	 */
	public static SignInSessions inMemory() {
		return new InMemory();
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

	private static final class InMemory implements SignInSessions {

		private final Map<String, Instant> ends = new ConcurrentHashMap<>();

		private final Set<String> unused = ConcurrentHashMap.newKeySet();

		private final Map<String, Long> users = new ConcurrentHashMap<>();

		@Override
		public void start(String sessionId, long userId, Instant now, Instant expiry) {
			this.ends.put(sessionId, expiry);
			this.users.put(sessionId, userId);
		}

		@Override
		public boolean isActive(String sessionId, Instant now) {
			Instant end = this.ends.get(sessionId);
			return end != null && now.isBefore(end);
		}

		@Override
		public void issued(String sessionId, String tokenId) {
			this.unused.add(sessionId + " " + tokenId);
		}

		@Override
		public boolean use(String sessionId, String tokenId, Instant now) {
			if (!this.unused.remove(sessionId + " " + tokenId)) {
				end(sessionId, now);
				return false;
			}
			return true;
		}

		@Override
		public void end(String sessionId, Instant now) {
			this.ends.computeIfPresent(sessionId, (id, end) -> now);
		}

		@Override
		public List<String> endOthers(long userId, @Nullable String keep, Instant now) {
			List<String> ended = this.users.entrySet()
				.stream()
				.filter((entry) -> entry.getValue() == userId && !entry.getKey().equals(keep)
						&& isActive(entry.getKey(), now))
				.map(Map.Entry::getKey)
				.toList();
			ended.forEach((sessionId) -> end(sessionId, now));
			return ended;
		}

	}

}
