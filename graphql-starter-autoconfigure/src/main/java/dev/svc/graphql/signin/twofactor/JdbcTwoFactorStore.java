package dev.svc.graphql.signin.twofactor;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.identity.UserCredentials;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * The two-factor data in the module's tables; sent codes are kept a day, for the limits
 * on sending. The authenticator secrets are kept encrypted ({@link SecretEncryption}); at
 * start-up the ones kept in clear before are encrypted, and a key that does not open the
 * secrets stops the start. A remembered client keeps stamps of its user's password hash
 * and stored secret: a change of either, by any path, ends it.
 */
final class JdbcTwoFactorStore implements TwoFactorStore, InitializingBean {

	private static final Log logger = LogFactory.getLog(JdbcTwoFactorStore.class);

	private final JdbcClient jdbc;

	private final SecretEncryption secrets;

	JdbcTwoFactorStore(JdbcClient jdbc, SecretEncryption secrets) {
		this.jdbc = jdbc;
		this.secrets = secrets;
	}

	/**
	 * Encrypts the secrets kept in clear (before the module encrypted them, or while no
	 * key was set) and moves their clients' stamps along; checks that the key opens one
	 * that is encrypted already.
	 */
	@Override
	public void afterPropertiesSet() {
		this.jdbc
			.sql("select authenticator_key from svc_users where authenticator_key like :sealed"
					+ " order by id limit 1")
			.param("sealed", SecretEncryption.PREFIX + "%")
			.query(String.class)
			.optional()
			.ifPresent(this.secrets::open);
		if (!this.secrets.hasKey()) {
			logger.warn("graphql.sign-in.two-factor.encryption-key is not set: authenticator secrets are kept in clear"
					+ " in svc_users. Set it to a random secret of at least " + SecretEncryption.MIN_KEY_BYTES
					+ " bytes (from the environment: GRAPHQL_SIGNIN_TWOFACTOR_ENCRYPTIONKEY) and they are encrypted"
					+ " at the next start.");
			return;
		}
		List<Map.Entry<Long, String>> clear = this.jdbc
			.sql("select id, authenticator_key from svc_users where authenticator_key is not null"
					+ " and authenticator_key not like :sealed")
			.param("sealed", SecretEncryption.PREFIX + "%")
			.query((rs, row) -> Map.entry(rs.getLong("id"), rs.getString("authenticator_key")))
			.list();
		for (Map.Entry<Long, String> user : clear) {
			String sealed = Objects.requireNonNull(this.secrets.seal(user.getValue()));
			int updated = this.jdbc
				.sql("update svc_users set authenticator_key = :sealed where id = :id and authenticator_key = :clear")
				.param("sealed", sealed)
				.param("id", user.getKey())
				.param("clear", user.getValue())
				.update();
			if (updated == 1) {
				this.jdbc.sql(
						"update svc_two_factor_clients set key_stamp = :sealed where user_id = :id and key_stamp = :clear")
					.param("sealed", keyStamp(sealed))
					.param("id", user.getKey())
					.param("clear", keyStamp(user.getValue()))
					.update();
			}
		}
		if (!clear.isEmpty()) {
			logger.info("Encrypted " + clear.size() + " authenticator secrets kept in clear in svc_users.");
		}
	}

	@Override
	public Optional<TwoFactorAccount> find(long userId) {
		return this.jdbc
			.sql("select is_two_factor_enabled, authenticator_key, email_address, is_email_confirmed,"
					+ " phone_number from svc_users where id = :id")
			.param("id", userId)
			.query((rs, row) -> new TwoFactorAccount(userId, rs.getBoolean("is_two_factor_enabled"),
					this.secrets.open(rs.getString("authenticator_key")),
					rs.getBoolean("is_email_confirmed") ? rs.getString("email_address") : null,
					rs.getString("phone_number")))
			.optional();
	}

	// a new secret starts its steps afresh, the same one keeps the step its code used and
	// its cipher text (the clients' stamps); any change forgets the remembered clients
	@Override
	public void saveAuthenticatorKey(long userId, @Nullable String authenticatorKey, boolean enabled) {
		Optional<Map.Entry<Boolean, Optional<String>>> current = this.jdbc
			.sql("select is_two_factor_enabled, authenticator_key from svc_users where id = :id")
			.param("id", userId)
			.query((rs, row) -> Map.entry(rs.getBoolean("is_two_factor_enabled"),
					Optional.ofNullable(rs.getString("authenticator_key"))))
			.optional();
		if (current.isEmpty()) {
			return;
		}
		String stored = current.get().getValue().orElse(null);
		boolean sameKey = Objects.equals(this.secrets.open(stored), authenticatorKey);
		this.jdbc
			.sql(sameKey ? "update svc_users set is_two_factor_enabled = :enabled where id = :id"
					: "update svc_users set is_two_factor_enabled = :enabled, authenticator_last_step = null,"
							+ " authenticator_key = :key where id = :id")
			.param("key", sameKey ? stored : this.secrets.seal(authenticatorKey))
			.param("enabled", enabled)
			.param("id", userId)
			.update();
		if (!sameKey || current.get().getKey() != enabled) {
			forgetClients(userId);
		}
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
	public void rememberClient(String tokenDigest, long userId, Instant now, Instant expiry) {
		this.jdbc.sql("delete from svc_two_factor_clients where expiry_time < :now").param("now", utc(now)).update();
		Stamps stamps = this.jdbc.sql("select password_hash, authenticator_key from svc_users where id = :id")
			.param("id", userId)
			.query((rs, row) -> Stamps.of(rs.getString("password_hash"), rs.getString("authenticator_key")))
			.single();
		this.jdbc
			.sql("insert into svc_two_factor_clients (token_digest, user_id, password_stamp, key_stamp, created_time,"
					+ " expiry_time) values (:token, :id, :password, :key, :now, :expiry)")
			.param("token", tokenDigest)
			.param("id", userId)
			.param("password", stamps.password())
			.param("key", stamps.key())
			.param("now", utc(now))
			.param("expiry", utc(expiry))
			.update();
	}

	@Override
	public boolean isRememberedClient(String tokenDigest, long userId, Instant now) {
		return current(userId, now).stream().anyMatch((client) -> client.tokenDigest().equals(tokenDigest));
	}

	@Override
	public List<RememberedClient> rememberedClients(long userId, Instant now) {
		return current(userId, now).stream()
			.map((client) -> new RememberedClient(client.id(), client.created(), client.expiry()))
			.toList();
	}

	// the user's clients that still hold, latest first; those that do not are deleted
	private List<Client> current(long userId, Instant now) {
		List<Client> clients = this.jdbc
			.sql("select c.id, c.token_digest, c.password_stamp, c.key_stamp, c.created_time, c.expiry_time,"
					+ " u.password_hash, u.authenticator_key, u.is_active and (t.id is null or t.is_active) as active"
					+ " from svc_two_factor_clients c join svc_users u on u.id = c.user_id"
					+ " left join svc_tenants t on t.id = u.tenant_id"
					+ " where c.user_id = :id order by c.created_time desc, c.id desc")
			.param("id", userId)
			.query((rs, row) -> {
				Stamps stamps = Stamps.of(rs.getString("password_hash"), rs.getString("authenticator_key"));
				boolean holds = rs.getBoolean("active") && stamps.password().equals(rs.getString("password_stamp"))
						&& stamps.key().equals(rs.getString("key_stamp"));
				return new Client(rs.getLong("id"), rs.getString("token_digest"),
						rs.getObject("created_time", OffsetDateTime.class).toInstant(),
						rs.getObject("expiry_time", OffsetDateTime.class).toInstant(), holds);
			})
			.list();
		List<Long> gone = clients.stream()
			.filter((client) -> !client.holds() || !client.expiry().isAfter(now))
			.map(Client::id)
			.toList();
		if (!gone.isEmpty()) {
			this.jdbc.sql("delete from svc_two_factor_clients where id in (:ids)").param("ids", gone).update();
		}
		return clients.stream().filter((client) -> !gone.contains(client.id())).toList();
	}

	@Override
	public boolean forgetClient(long userId, long clientId) {
		return this.jdbc.sql("delete from svc_two_factor_clients where id = :client and user_id = :id")
			.param("client", clientId)
			.param("id", userId)
			.update() == 1;
	}

	@Override
	public void forgetClients(long userId) {
		this.jdbc.sql("delete from svc_two_factor_clients where user_id = :id").param("id", userId).update();
	}

	private static String keyStamp(@Nullable String storedKey) {
		return Sha256.hex((storedKey != null) ? storedKey : "");
	}

	private static OffsetDateTime utc(Instant instant) {
		return instant.atOffset(ZoneOffset.UTC);
	}

	private record Stamps(String password, String key) {

		static Stamps of(String passwordHash, @Nullable String storedKey) {
			return new Stamps(UserCredentials.passwordStamp(passwordHash), keyStamp(storedKey));
		}

	}

	private record Client(long id, String tokenDigest, Instant created, Instant expiry, boolean holds) {
	}

}
