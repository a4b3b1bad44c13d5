package dev.svc.graphql.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Optional;

import org.jspecify.annotations.Nullable;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

/**
 * The credentials in {@code svc_users}, only beside {@link JdbcIdentityStore}, whose
 * tenant condition the lookup by name carries.
 */
final class JdbcCredentialStore implements CredentialStore {

	private static final String CREDENTIAL_COLUMNS = "u.id, u.tenant_id, u.user_name, u.password_hash, u.is_active, "
			+ "u.lockout_end_date, u.should_change_password";

	private final JdbcClient jdbc;

	private final TransactionOperations transactions;

	JdbcCredentialStore(JdbcClient jdbc, TransactionOperations transactions) {
		this.jdbc = jdbc;
		this.transactions = transactions;
	}

	@Override
	public Optional<UserCredentials> findCredentials(@Nullable Integer tenantId, String userNameOrEmailAddress) {
		return this.jdbc
			.sql("select " + CREDENTIAL_COLUMNS + " from svc_users u where "
					+ SqlStatement.tenantCondition("u", tenantId)
					+ " and (u.normalized_user_name = :login or u.normalized_email_address = :login)"
					+ " order by case when u.normalized_user_name = :login then 0 else 1 end, u.id limit 1")
			.params(SqlStatement.tenantParam(tenantId))
			.param("login", userNameOrEmailAddress.toUpperCase(Locale.ROOT))
			.query(JdbcCredentialStore::credentials)
			.optional();
	}

	/**
	 * Replaces the stamps of the hash that sessions and remembered two-factor clients
	 * keep in the same transaction, lest a check take the new hash with an old stamp for
	 * a password change.
	 */
	@Override
	public boolean upgradePasswordHash(long userId, String currentHash, String upgradedHash) {
		Boolean upgraded = this.transactions.execute((status) -> {
			int users = this.jdbc
				.sql("update svc_users set password_hash = :upgraded where id = :id and password_hash = :current")
				.param("upgraded", upgradedHash)
				.param("id", userId)
				.param("current", currentHash)
				.update();
			if (users == 0) {
				return false;
			}
			for (String stamped : new String[] { "svc_sign_in_sessions", "svc_two_factor_clients" }) {
				this.jdbc
					.sql("update " + stamped
							+ " set password_stamp = :upgraded where user_id = :id and password_stamp = :current")
					.param("upgraded", UserCredentials.passwordStamp(upgradedHash))
					.param("id", userId)
					.param("current", UserCredentials.passwordStamp(currentHash))
					.update();
			}
			return true;
		});
		return Boolean.TRUE.equals(upgraded);
	}

	@Override
	public boolean savePasswordResetCode(long userId, String codeDigest, Instant expiry) {
		this.jdbc.sql(
				"update svc_users set password_reset_code = :code, password_reset_code_expiry = :expiry where id = :id")
			.param("code", codeDigest)
			.param("expiry", expiry.atOffset(ZoneOffset.UTC))
			.param("id", userId)
			.update();
		return true;
	}

	@Override
	public Optional<UserCredentials> findCredentialsByResetCode(long userId, String codeDigest, Instant now) {
		return this.jdbc
			.sql("select " + CREDENTIAL_COLUMNS + " from svc_users u where u.id = :id"
					+ " and u.password_reset_code = :code and u.password_reset_code_expiry > :now")
			.param("id", userId)
			.param("code", codeDigest)
			.param("now", now.atOffset(ZoneOffset.UTC))
			.query(JdbcCredentialStore::credentials)
			.optional();
	}

	/**
	 * Forgets the user's remembered two-factor clients, which a changed password ends
	 * anyway (their stamp of the hash no longer matches): the rows go at once.
	 */
	@Override
	public boolean resetPassword(long userId, String codeDigest, Instant now, String passwordHash) {
		boolean reset = this.jdbc.sql("update svc_users set password_hash = :hash, should_change_password = false,"
				+ " password_reset_code = null, password_reset_code_expiry = null, access_failed_count = 0,"
				+ " lockout_end_date = null where id = :id and password_reset_code = :code and password_reset_code_expiry > :now")
			.param("hash", passwordHash)
			.param("id", userId)
			.param("code", codeDigest)
			.param("now", now.atOffset(ZoneOffset.UTC))
			.update() == 1;
		if (reset) {
			this.jdbc.sql("delete from svc_two_factor_clients where user_id = :id").param("id", userId).update();
		}
		return reset;
	}

	private static UserCredentials credentials(ResultSet rs, int row) throws SQLException {
		return new UserCredentials(rs.getLong("id"), IdentityRows.nullableInt(rs, "tenant_id"),
				rs.getString("user_name"), rs.getString("password_hash"), rs.getBoolean("is_active"),
				rs.getObject("lockout_end_date", OffsetDateTime.class), rs.getBoolean("should_change_password"));
	}

}
