package dev.svc.graphql.signin.session;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import dev.svc.graphql.identity.UserCredentials;
import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Sign-in sessions in the module's tables. A session keeps a digest of the password hash
 * its user signed in with, so that a password changed in any way ends it; its user and
 * the user's tenant must stay active, and the user not locked out. Sessions past their
 * end are deleted as new ones start. A session that finds its user or tenant deactivated
 * also forgets the user's remembered two-factor clients.
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
		Optional<Check> check = this.jdbc
			.sql("select s.user_id, s.password_stamp, u.password_hash, u.is_active and (t.id is null or t.is_active)"
					+ " as active from svc_sign_in_sessions s"
					+ " join svc_users u on u.id = s.user_id left join svc_tenants t on t.id = u.tenant_id"
					+ " where s.id = :id and s.revoked_time is null and s.expiry_time > :now")
			.param("id", sessionId)
			.param("now", utc(now))
			.query((rs, row) -> new Check(rs.getLong("user_id"), rs.getBoolean("active"),
					rs.getString("password_stamp")
						.equals(UserCredentials.passwordStamp(rs.getString("password_hash")))))
			.optional();
		if (check.isPresent() && !check.get().good()) {
			// for good: a user who is deactivated and activated again signs in again, and
			// takes the second step again in the browsers it had remembered
			end(sessionId, now);
			if (!check.get().active()) {
				this.jdbc.sql("delete from svc_two_factor_clients where user_id = :id")
					.param("id", check.get().userId())
					.update();
			}
		}
		return check.map(Check::good).orElse(false);
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

	@Override
	public List<String> endOthers(long userId, @Nullable String keep, Instant now) {
		List<String> open = this.jdbc
			.sql("select id from svc_sign_in_sessions where user_id = :userId and revoked_time is null"
					+ " and expiry_time > :now")
			.param("userId", userId)
			.param("now", utc(now))
			.query((rs, row) -> rs.getString("id"))
			.list()
			.stream()
			.filter((sessionId) -> !sessionId.equals(keep))
			.toList();
		open.forEach((sessionId) -> end(sessionId, now));
		return open;
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

	private record Check(long userId, boolean active, boolean samePassword) {

		boolean good() {
			return this.active && this.samePassword;
		}

	}

}
