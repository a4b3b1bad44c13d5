package dev.svc.graphql.signin.session;

import java.time.Instant;
import java.util.List;

import javax.sql.DataSource;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The sessions the module signs users in to, one per token or cookie sign-in: its access
 * tokens or HTTP session are good while it is, and its refresh tokens rotate within it
 * (each works once; one presented again, as a stolen one would be, ends it). The module's
 * default keeps them in its tables, so that every instance sees a log-out; declare a bean
 * of this type to keep them elsewhere.
 */
public interface SignInSessions {

	/**
	 * Starts a session.
	 * @param sessionId the new session's id
	 * @param userId its user
	 * @param now the time of the sign-in
	 * @param expiry its absolute end, which no refresh moves
	 */
	void start(String sessionId, long userId, Instant now, Instant expiry);

	/**
	 * Whether a session is still good: not ended nor past its end, and its user (and
	 * tenant) still active with the password it signed in with. A lockout refuses new
	 * sign-ins only. A session found not good is ended, so that it does not come back
	 * when its user does.
	 * @param sessionId the session
	 * @param now the time
	 * @return whether its tokens are good
	 */
	boolean isActive(String sessionId, Instant now);

	/**
	 * Records a refresh token issued in a session.
	 * @param sessionId the session
	 * @param tokenId the refresh token's id
	 */
	void issued(String sessionId, String tokenId);

	/**
	 * Uses a refresh token: the first time it succeeds; a token used before, or unknown
	 * to the session, ends the session.
	 * @param sessionId the session
	 * @param tokenId the refresh token's id
	 * @param now the time
	 * @return whether the token could be used
	 */
	boolean use(String sessionId, String tokenId, Instant now);

	/**
	 * Ends a session and every token of it.
	 * @param sessionId the session
	 * @param now the time
	 */
	void end(String sessionId, Instant now);

	/**
	 * Ends every session of a user but one and every token of them, as removing a
	 * passkey, which may have started any of them, does.
	 * @param userId the user
	 * @param keep the session to keep (the one that asks), {@code null} for none
	 * @param now the time
	 * @return the sessions ended
	 */
	List<String> endOthers(long userId, @Nullable String keep, Instant now);

	/**
	 * The sessions in the module's tables.
	 * @param dataSource the database of the module's identity store
	 * @return the store
	 */
	static SignInSessions jdbc(DataSource dataSource) {
		return new JdbcSignInSessions(JdbcClient.create(dataSource));
	}

}
