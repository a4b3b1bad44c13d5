package dev.svc.graphql.signin.store;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;

import dev.svc.graphql.identity.UserCredentials;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Sign-in sessions in the module's tables. A session keeps a digest of the password hash
 * its user signed in with, so that a password changed in any way ends it; its user and
 * the user's tenant must stay active, and the user not locked out. Sessions past their
 * end are deleted as new ones start.
 */
final class JdbcSignInSessions implements SignInSessions {

	private final JdbcClient jdbc;

	JdbcSignInSessions(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public void start(String sessionId, long userId, Instant now, Instant expiry) {
		this.jdbc.sql("delete from svc_sign_in_sessions where expiry_time < :now").param("now", utc(now)).update();
		String passwordHash = this.jdbc.sql("select password_hash from svc_users where id = :id")
			.param("id", userId)
			.query(String.class)
			.single();
		this.jdbc
			.sql("insert into svc_sign_in_sessions (id, user_id, password_stamp, created_time, expiry_time)"
					+ " values (:id, :userId, :stamp, :now, :expiry)")
			.param("id", sessionId)
			.param("userId", userId)
			.param("stamp", UserCredentials.passwordStamp(passwordHash))
			.param("now", utc(now))
			.param("expiry", utc(expiry))
			.update();
	}

	@Override
	public boolean isActive(String sessionId, Instant now) {
		Optional<Boolean> good = this.jdbc
			.sql("select s.password_stamp, u.password_hash, u.is_active,"
					+ " (t.id is null or t.is_active) as tenant_active from svc_sign_in_sessions s"
					+ " join svc_users u on u.id = s.user_id left join svc_tenants t on t.id = u.tenant_id"
					+ " where s.id = :id and s.revoked_time is null and s.expiry_time > :now")
			.param("id", sessionId)
			.param("now", utc(now))
			.query((rs, row) -> rs.getBoolean("is_active") && rs.getBoolean("tenant_active")
					&& rs.getString("password_stamp")
						.equals(UserCredentials.passwordStamp(rs.getString("password_hash"))))
			.optional();
		if (good.isPresent() && !good.get()) {
			// for good: a user who is deactivated and activated again signs in again
			end(sessionId, now);
		}
		return good.orElse(false);
	}

	@Override
	public void issued(String sessionId, String tokenId) {
		this.jdbc.sql("insert into svc_refresh_tokens (id, session_id) values (:id, :session)")
			.param("id", tokenId)
			.param("session", sessionId)
			.update();
	}

	@Override
	public boolean use(String sessionId, String tokenId, Instant now) {
		boolean used = this.jdbc.sql(
				"update svc_refresh_tokens set used_time = :now where id = :id and session_id = :session and used_time is null")
			.param("now", utc(now))
			.param("id", tokenId)
			.param("session", sessionId)
			.update() == 1;
		if (!used) {
			end(sessionId, now);
		}
		return used;
	}

	@Override
	public void end(String sessionId, Instant now) {
		this.jdbc.sql("update svc_sign_in_sessions set revoked_time = :now where id = :id and revoked_time is null")
			.param("now", utc(now))
			.param("id", sessionId)
			.update();
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

}
