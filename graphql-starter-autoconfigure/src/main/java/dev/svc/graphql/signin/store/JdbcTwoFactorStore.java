package dev.svc.graphql.signin.store;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The two-factor data in the module's tables; sent codes are kept a day, for the limits
 * on sending.
 */
final class JdbcTwoFactorStore implements TwoFactorStore {

	private final JdbcClient jdbc;

	JdbcTwoFactorStore(JdbcClient jdbc) {
		this.jdbc = jdbc;
	}

	@Override
	public Optional<TwoFactorAccount> find(long userId) {
		return this.jdbc
			.sql("select is_two_factor_enabled, authenticator_key, email_address, is_email_confirmed,"
					+ " phone_number from svc_users where id = :id")
			.param("id", userId)
			.query((rs, row) -> new TwoFactorAccount(userId, rs.getBoolean("is_two_factor_enabled"),
					rs.getString("authenticator_key"),
					rs.getBoolean("is_email_confirmed") ? rs.getString("email_address") : null,
					rs.getString("phone_number")))
			.optional();
	}

	@Override
	public void saveAuthenticatorKey(long userId, @Nullable String authenticatorKey, boolean enabled) {
		// a new secret starts its steps afresh, the same one keeps the step its code used
		// (step before key: MariaDB and MySQL would compare the new key)
		this.jdbc.sql("update svc_users set is_two_factor_enabled = :enabled, authenticator_last_step = case"
				+ " when authenticator_key = :key then authenticator_last_step end, authenticator_key = :key where id = :id")
			.param("key", authenticatorKey)
			.param("enabled", enabled)
			.param("id", userId)
			.update();
	}

	@Override
	public boolean useAuthenticatorStep(long userId, long step) {
		return this.jdbc
			.sql("update svc_users set authenticator_last_step = :step where id = :id"
					+ " and (authenticator_last_step is null or authenticator_last_step < :step)")
			.param("step", step)
			.param("id", userId)
			.update() == 1;
	}

	@Override
	public void openSecondStep(long userId, Instant expiry) {
		this.jdbc.sql("delete from svc_two_factor_steps where user_id = :id").param("id", userId).update();
		this.jdbc.sql("insert into svc_two_factor_steps (user_id, expiry_time) values (:id, :expiry)")
			.param("id", userId)
			.param("expiry", utc(expiry))
			.update();
	}

	@Override
	public @Nullable Instant secondStepExpiry(long userId, Instant now) {
		return this.jdbc.sql("select expiry_time from svc_two_factor_steps where user_id = :id and expiry_time > :now")
			.param("id", userId)
			.param("now", utc(now))
			.query(OffsetDateTime.class)
			.optional()
			.map(OffsetDateTime::toInstant)
			.orElse(null);
	}

	@Override
	public void closeSecondStep(long userId, Instant now) {
		this.jdbc.sql("delete from svc_two_factor_steps where user_id = :id").param("id", userId).update();
		this.jdbc.sql("update svc_two_factor_codes set used_time = :now where user_id = :id and used_time is null")
			.param("now", utc(now))
			.param("id", userId)
			.update();
	}

	// codes older than a day count toward no limit any more
	@Override
	public void saveSentCode(long userId, String provider, String codeDigest, Instant sentTime, Instant expiry) {
		this.jdbc.sql("delete from svc_two_factor_codes where sent_time < :before")
			.param("before", utc(sentTime.minus(Duration.ofDays(1))))
			.update();
		this.jdbc
			.sql("insert into svc_two_factor_codes (user_id, provider, code_digest, sent_time, expiry_time)"
					+ " values (:id, :provider, :code, :sent, :expiry)")
			.param("id", userId)
			.param("provider", provider)
			.param("code", codeDigest)
			.param("sent", utc(sentTime))
			.param("expiry", utc(expiry))
			.update();
	}

	@Override
	public List<Instant> sentCodeTimes(long userId, Instant since) {
		return this.jdbc
			.sql("select sent_time from svc_two_factor_codes where user_id = :id and sent_time >= :since"
					+ " order by sent_time")
			.param("id", userId)
			.param("since", utc(since))
			.query((rs, row) -> rs.getObject(1, OffsetDateTime.class).toInstant())
			.list();
	}

	@Override
	public boolean useSentCode(long userId, String codeDigest, Instant now) {
		return this.jdbc
			.sql("update svc_two_factor_codes set used_time = :now where user_id = :id"
					+ " and code_digest = :code and used_time is null and expiry_time > :now")
			.param("now", utc(now))
			.param("id", userId)
			.param("code", codeDigest)
			.update() > 0;
	}

	@Override
	public void rememberClient(String tokenDigest, long userId, Instant expiry) {
		this.jdbc.sql("delete from svc_two_factor_clients where expiry_time < :now")
			.param("now", utc(Instant.now()))
			.update();
		this.jdbc.sql(
				"insert into svc_two_factor_clients (token_digest, user_id, expiry_time) values (:token, :id, :expiry)")
			.param("token", tokenDigest)
			.param("id", userId)
			.param("expiry", utc(expiry))
			.update();
	}

	@Override
	public boolean isRememberedClient(String tokenDigest, long userId, Instant now) {
		return this.jdbc
			.sql("select count(*) from svc_two_factor_clients where token_digest = :token"
					+ " and user_id = :id and expiry_time > :now")
			.param("token", tokenDigest)
			.param("id", userId)
			.param("now", utc(now))
			.query(Integer.class)
			.single() > 0;
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

}
