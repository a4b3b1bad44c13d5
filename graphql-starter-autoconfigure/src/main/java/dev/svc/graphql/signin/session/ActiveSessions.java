package dev.svc.graphql.signin.session;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.error.ErrorCode;
import org.jspecify.annotations.Nullable;

/**
 * The sessions of every sign-in. A log-out, password change, or the user's or tenant's
 * deactivation ends a session on every instance within the check interval, as each asks
 * the {@link SignInSessions} at most once per interval. While the database is unreachable
 * the last answer holds (an unchecked session counts as good); the request then fails at
 * its first read.
 */
public final class ActiveSessions {

	/**
	 * How long an instance trusts a session before asking the store again: the longest a
	 * session keeps working elsewhere after it ended.
	 */
	static final Duration CHECK_INTERVAL = Duration.ofSeconds(5);

	/**
	 * How long a session's last check is kept after its last use: past the check
	 * interval, so that the last answer holds while the database cannot be reached.
	 */
	static final Duration CACHE_DURATION = Duration.ofHours(1);

	/**
	 * What a kept check weighs on the heap besides its id's characters (about 250 bytes
	 * in all, estimated from a measured string-keyed entry).
	 */
	private static final int ENTRY_BYTES = 216;

	private final SignInSessions sessions;

	private final Duration checkInterval;

	private final Duration cookieSessionLifetime;

	private final Clock clock;

	private final Cache<String, Check> checked;

	/**
	 * The sessions kept in a store, each checked with it at most once per
	 * {@link #CHECK_INTERVAL}.
	 * @param sessions the store
	 * @param cookieSessionLifetime how long a cookie session lasts, however active
	 * @param cacheBytes the heap the kept checks may take
	 * @param clock the time
	 */
	public ActiveSessions(SignInSessions sessions, Duration cookieSessionLifetime, long cacheBytes, Clock clock) {
		this(sessions, CHECK_INTERVAL, cookieSessionLifetime, cacheBytes, clock);
	}

	ActiveSessions(SignInSessions sessions, Duration checkInterval, Duration cookieSessionLifetime, long cacheBytes,
			Clock clock) {
		this.sessions = sessions;
		this.checkInterval = checkInterval;
		this.cookieSessionLifetime = cookieSessionLifetime;
		// kept past the interval, to hold while the database is unreachable
		this.checked = Caffeine.newBuilder()
			.maximumWeight(cacheBytes)
			.<String, Check>weigher((sessionId, check) -> ENTRY_BYTES + sessionId.length())
			.expireAfterAccess(CACHE_DURATION)
			.executor(Runnable::run)
			.recordStats()
			.build();
		this.clock = clock;
	}

	/**
	 * The kept checks, for their metrics.
	 * @return the cache
	 */
	public Cache<?, ?> cache() {
		return this.checked;
	}

	/**
	 * The time the sessions go by.
	 * @return the clock
	 */
	public Clock clock() {
		return this.clock;
	}

	/**
	 * Starts a cookie session, which ends after the session lifetime however active.
	 * @param user the user
	 * @return the user with the session's id
	 */
	public SignedInUser startCookieSession(SignedInUser user) {
		return start(user, this.clock.instant().plus(this.cookieSessionLifetime));
	}

	/**
	 * Starts a session that ends at a given time, as a token sign-in's does.
	 * @param user the user
	 * @param end the session's end
	 * @return the user with the session's id
	 */
	public SignedInUser start(SignedInUser user, Instant end) {
		String sessionId = UUID.randomUUID().toString();
		this.sessions.start(sessionId, user.userId(), this.clock.instant(), end);
		return new SignedInUser(user.userId(), user.tenantId(), user.userName(), sessionId, user.passkey());
	}

	/**
	 * Whether a user's session is still good.
	 * @param user the user, with the id of its session
	 * @return {@code false} when the session ended; {@code true} for a user of no session
	 */
	public boolean isActive(SignedInUser user) {
		String sessionId = user.sessionId();
		if (sessionId == null) {
			return true;
		}
		Instant now = this.clock.instant();
		Check check = this.checked.getIfPresent(sessionId);
		if (check == null || !now.isBefore(check.until())) {
			boolean active;
			try {
				active = this.sessions.isActive(sessionId, now);
			}
			catch (RuntimeException ex) {
				if (!ErrorCode.isDatabaseUnavailable(ex)) {
					throw ex;
				}
				return (check == null) || check.active();
			}
			check = new Check(active, now.plus(this.checkInterval));
			this.checked.put(sessionId, check);
		}
		return check.active();
	}

	/**
	 * Ends a session, at once on this instance.
	 * @param sessionId the session
	 */
	public void end(String sessionId) {
		this.sessions.end(sessionId, this.clock.instant());
		this.checked.invalidate(sessionId);
	}

	/**
	 * Ends every session of a user but one, at once on this instance.
	 * @param userId the user
	 * @param keep the session to keep, {@code null} for none
	 */
	public void endOthers(long userId, @Nullable String keep) {
		this.checked.invalidateAll(this.sessions.endOthers(userId, keep, this.clock.instant()));
	}

	private record Check(boolean active, Instant until) {
	}

}
