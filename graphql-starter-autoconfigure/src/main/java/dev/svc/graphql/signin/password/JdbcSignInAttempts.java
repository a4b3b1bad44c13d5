package dev.svc.graphql.signin.password;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Failed sign-ins in the module's tables: an account's in its {@code svc_users} row
 * (which the {@code users} query's {@code onlyLockedUsers} reads), a name's of no account
 * in {@code svc_sign_in_failures}, forgotten a day after its last failure. Each count
 * moves in one statement, so instances that share the database count together; when a
 * count locks out is {@code AttemptBudget}'s rule, not the SQL's.
 */
final class JdbcSignInAttempts implements SignInAttempts {

	private static final long FORGET_AFTER_HOURS = 24;

	private final JdbcClient jdbc;

	JdbcSignInAttempts(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public @Nullable Instant lockedUntil(Subject subject) {
		Optional<Optional<OffsetDateTime>> account = subject.isAccount()
				? this.jdbc.sql("select lockout_end_date from svc_users where id = :id")
					.param("id", subject.userId())
					.query((rs, row) -> Optional.ofNullable(rs.getObject(1, OffsetDateTime.class)))
					.optional()
				: Optional.empty();
		// an id of no account is counted as a name is, so that its answers tell nothing
		OffsetDateTime end = account.isPresent() ? account.get().orElse(null) : this.jdbc
			.sql("select lockout_end_date from svc_sign_in_failures where tenant_key = :tenant and login = :login")
			.param("tenant", tenantKey(subject))
			.param("login", login(subject))
			.query(OffsetDateTime.class)
			.optional()
			.orElse(null);
		return (end != null) ? end.toInstant() : null;
	}

	@Override
	public int failed(Subject subject, Instant now) {
		Long userId = subject.userId();
		if (userId != null
				&& this.jdbc.sql("update svc_users set access_failed_count = access_failed_count + 1 where id = :id")
					.param("id", userId)
					.update() > 0) {
			return this.jdbc.sql("select access_failed_count from svc_users where id = :id")
				.param("id", userId)
				.query(Integer.class)
				.single();
		}
		// an id of no account is counted as a name is, so that its answers tell nothing
		for (int attempt = 0; attempt < 2; attempt++) {
			int updated = this.jdbc
				.sql("update svc_sign_in_failures set access_failed_count = access_failed_count + 1,"
						+ " last_failure_time = :now where tenant_key = :tenant and login = :login")
				.param("now", utc(now))
				.param("tenant", tenantKey(subject))
				.param("login", login(subject))
				.update();
			if (updated == 0) {
				forgetOldFailures(now);
				try {
					this.jdbc
						.sql("insert into svc_sign_in_failures (tenant_key, login, access_failed_count,"
								+ " last_failure_time) values (:tenant, :login, 1, :now)")
						.param("tenant", tenantKey(subject))
						.param("login", login(subject))
						.param("now", utc(now))
						.update();
					return 1;
				}
				catch (DuplicateKeyException ex) {
					// another request inserted it first: count this failure on its row
					continue;
				}
			}
			break;
		}
		return this.jdbc
			.sql("select access_failed_count from svc_sign_in_failures where tenant_key = :tenant and login = :login")
			.param("tenant", tenantKey(subject))
			.param("login", login(subject))
			.query(Integer.class)
			.optional()
			.orElse(0);
	}

	@Override
	public boolean lockOut(Subject subject, Instant end) {
		Long userId = subject.userId();
		if (userId != null) {
			int locked = this.jdbc
				.sql("update svc_users set lockout_end_date = :end, access_failed_count = 0"
						+ " where id = :id and is_lockout_enabled")
				.param("end", utc(end))
				.param("id", userId)
				.update();
			if (locked > 0 || this.jdbc.sql("select count(*) from svc_users where id = :id")
				.param("id", userId)
				.query(Integer.class)
				.single() > 0) {
				return locked > 0;
			}
		}
		this.jdbc
			.sql("update svc_sign_in_failures set lockout_end_date = :end, access_failed_count = 0"
					+ " where tenant_key = :tenant and login = :login")
			.param("end", utc(end))
			.param("tenant", tenantKey(subject))
			.param("login", login(subject))
			.update();
		return true;
	}

	private void forgetOldFailures(Instant now) {
		this.jdbc.sql("delete from svc_sign_in_failures where last_failure_time < :before")
			.param("before", utc(now.minus(FORGET_AFTER_HOURS, ChronoUnit.HOURS)))
			.update();
	}

	@Override
	public void succeeded(Subject subject) {
		if (subject.isAccount()) {
			this.jdbc.sql("update svc_users set access_failed_count = 0 where id = :id and access_failed_count <> 0")
				.param("id", subject.userId())
				.update();
		}
		else {
			this.jdbc.sql("delete from svc_sign_in_failures where tenant_key = :tenant and login = :login")
				.param("tenant", tenantKey(subject))
				.param("login", login(subject))
				.update();
		}
	}

	private static int tenantKey(Subject subject) {
		return (subject.tenantId() != null) ? subject.tenantId() : 0;
	}

	private static String login(Subject subject) {
		String login = subject.login().toUpperCase(Locale.ROOT);
		return (login.length() > 256) ? login.substring(0, 256) : login;
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

}
