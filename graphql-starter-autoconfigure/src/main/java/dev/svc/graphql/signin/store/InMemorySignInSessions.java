package dev.svc.graphql.signin.store;

import java.time.Instant;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Sign-in sessions in this instance's memory, for a host whose credential store keeps
 * none: a log-out, a lockout or a reused refresh token ends a session on this instance
 * only, and a session does not know when its user is deactivated or changes its password.
 * Sessions past their end are forgotten as new ones start.
 */
final class InMemorySignInSessions implements SignInSessions {

	private final Map<String, Session> sessions = new ConcurrentHashMap<>();

	@Override
	public void start(String sessionId, long userId, Instant now, Instant expiry) {
		this.sessions.values().removeIf((session) -> session.expiry.isBefore(now));
		this.sessions.put(sessionId, new Session(expiry));
	}

	@Override
	public boolean isActive(String sessionId, Instant now) {
		Session session = this.sessions.get(sessionId);
		return session != null && !session.ended && now.isBefore(session.expiry);
	}

	@Override
	public void issued(String sessionId, String tokenId) {
		Session session = this.sessions.get(sessionId);
		if (session != null) {
			session.unused.add(tokenId);
		}
	}

	@Override
	public boolean use(String sessionId, String tokenId, Instant now) {
		Session session = this.sessions.get(sessionId);
		if (session == null) {
			return false;
		}
		if (!session.unused.remove(tokenId)) {
			session.ended = true;
			return false;
		}
		return true;
	}

	@Override
	public void end(String sessionId, Instant now) {
		Session session = this.sessions.get(sessionId);
		if (session != null) {
			session.ended = true;
		}
	}

	private static final class Session {

		final Instant expiry;

		final Set<String> unused = ConcurrentHashMap.newKeySet();

		volatile boolean ended;

		Session(Instant expiry) {
			this.expiry = expiry;
		}

	}

}
