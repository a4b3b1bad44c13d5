package dev.svc.graphql.identity;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;

import javax.sql.DataSource;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestDatabase;
import dev.svc.graphql.test.TestHostRunner;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.support.JdbcUtils;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every database ends its one migration history with the same tables and columns, and
 * with the indexes the module's queries need there: the common ones, and each database's
 * own for the users page.
 */
@OnEveryDatabase
class MigratedSchemaTests {

	/**
	 * Each table's columns: name, type (with a text's length) and whether null is
	 * allowed.
	 */
	private static final Set<String> COLUMNS = Set.of("""
			svc_audit_logs.browser_info varchar(512) null
			svc_audit_logs.client_ip_address varchar(64) null
			svc_audit_logs.exception varchar(2000) null
			svc_audit_logs.execution_duration integer not null
			svc_audit_logs.execution_time time not null
			svc_audit_logs.id bigint not null
			svc_audit_logs.method_name varchar(256) null
			svc_audit_logs.parameters varchar(1024) null
			svc_audit_logs.service_name varchar(256) not null
			svc_audit_logs.tenant_id integer null
			svc_audit_logs.user_id bigint null
			svc_organization_unit_roles.organization_unit_id bigint not null
			svc_organization_unit_roles.role_id integer not null
			svc_organization_units.code varchar(95) not null
			svc_organization_units.creation_time time not null
			svc_organization_units.display_name varchar(128) not null
			svc_organization_units.id bigint not null
			svc_organization_units.parent_id bigint null
			svc_organization_units.tenant_id integer null
			svc_passkey_challenges.challenge varchar(64) not null
			svc_passkey_challenges.expiry_time time not null
			svc_passkey_challenges.user_id bigint null
			svc_passkey_users.user_handle varchar(88) not null
			svc_passkey_users.user_id bigint not null
			svc_passkeys.attestation_client_data varchar(2048) null
			svc_passkeys.attestation_object varchar(4096) not null
			svc_passkeys.backup_eligible boolean not null
			svc_passkeys.backup_state boolean not null
			svc_passkeys.created_time time not null
			svc_passkeys.credential_id varchar(344) not null
			svc_passkeys.id bigint not null
			svc_passkeys.label varchar(64) not null
			svc_passkeys.last_used_time time null
			svc_passkeys.public_key varchar(1024) not null
			svc_passkeys.signature_count bigint not null
			svc_passkeys.transports varchar(128) null
			svc_passkeys.user_handle varchar(88) not null
			svc_passkeys.uv_initialized boolean not null
			svc_permission_grants.id bigint not null
			svc_permission_grants.is_granted boolean not null
			svc_permission_grants.name varchar(128) not null
			svc_permission_grants.role_id integer null
			svc_permission_grants.tenant_id integer null
			svc_permission_grants.user_id bigint null
			svc_persisted_queries.bytes integer not null
			svc_persisted_queries.created_at bigint not null
			svc_persisted_queries.document text not null
			svc_persisted_queries.hash varchar(64) not null
			svc_persisted_queries.saved_by varchar(40) not null
			svc_rate_limit_buckets.bucket_key varchar(160) not null
			svc_rate_limit_buckets.expires_at bigint not null
			svc_rate_limit_buckets.state bytes not null
			svc_refresh_tokens.id varchar(36) not null
			svc_refresh_tokens.session_id varchar(36) not null
			svc_refresh_tokens.used_time time null
			svc_roles.creation_time time not null
			svc_roles.display_name varchar(64) not null
			svc_roles.id integer not null
			svc_roles.is_default boolean not null
			svc_roles.is_static boolean not null
			svc_roles.name varchar(32) not null
			svc_roles.tenant_id integer null
			svc_sign_in_failures.access_failed_count integer not null
			svc_sign_in_failures.last_failure_time time not null
			svc_sign_in_failures.lockout_end_date time null
			svc_sign_in_failures.login varchar(256) not null
			svc_sign_in_failures.tenant_key integer not null
			svc_sign_in_sessions.created_time time not null
			svc_sign_in_sessions.expiry_time time not null
			svc_sign_in_sessions.id varchar(36) not null
			svc_sign_in_sessions.password_stamp varchar(64) not null
			svc_sign_in_sessions.revoked_time time null
			svc_sign_in_sessions.user_id bigint not null
			svc_tenants.creation_time time not null
			svc_tenants.id integer not null
			svc_tenants.is_active boolean not null
			svc_tenants.name varchar(128) not null
			svc_tenants.tenancy_name varchar(64) not null
			svc_two_factor_clients.created_time time not null
			svc_two_factor_clients.expiry_time time not null
			svc_two_factor_clients.id bigint not null
			svc_two_factor_clients.key_stamp varchar(64) not null
			svc_two_factor_clients.password_stamp varchar(64) not null
			svc_two_factor_clients.token_digest varchar(64) not null
			svc_two_factor_clients.user_id bigint not null
			svc_two_factor_codes.code_digest varchar(64) not null
			svc_two_factor_codes.expiry_time time not null
			svc_two_factor_codes.id bigint not null
			svc_two_factor_codes.provider varchar(32) not null
			svc_two_factor_codes.sent_time time not null
			svc_two_factor_codes.used_time time null
			svc_two_factor_codes.user_id bigint not null
			svc_two_factor_steps.expiry_time time not null
			svc_two_factor_steps.user_id bigint not null
			svc_user_counts.tenant_key integer
			svc_user_counts.user_count bigint
			svc_user_organization_units.organization_unit_id bigint not null
			svc_user_organization_units.user_id bigint not null
			svc_user_roles.role_id integer not null
			svc_user_roles.user_id bigint not null
			svc_users.access_failed_count integer not null
			svc_users.authenticator_key varchar(256) null
			svc_users.authenticator_last_step bigint null
			svc_users.creation_time time not null
			svc_users.email_address varchar(256) not null
			svc_users.id bigint not null
			svc_users.is_active boolean not null
			svc_users.is_email_confirmed boolean not null
			svc_users.is_lockout_enabled boolean not null
			svc_users.is_two_factor_enabled boolean not null
			svc_users.lockout_end_date time null
			svc_users.name varchar(64) not null
			svc_users.normalized_email_address varchar(256) not null
			svc_users.normalized_name varchar(64) null
			svc_users.normalized_surname varchar(64) null
			svc_users.normalized_user_name varchar(256) not null
			svc_users.password_hash varchar(128) not null
			svc_users.password_reset_code varchar(64) null
			svc_users.password_reset_code_expiry time null
			svc_users.phone_number varchar(32) null
			svc_users.should_change_password boolean not null
			svc_users.surname varchar(64) not null
			svc_users.tenant_id integer null
			svc_users.user_name varchar(256) not null""".split("\n"));

	/** The indexes every database has, by the names the migrations give them. */
	private static final Set<String> INDEXES = Set.of("svc_audit_logs.ix_svc_audit_logs_tenant_time",
			"svc_audit_logs.ix_svc_audit_logs_time", "svc_organization_units.ix_svc_organization_units_code",
			"svc_permission_grants.ix_svc_permission_grants_role",
			"svc_permission_grants.ix_svc_permission_grants_user",
			"svc_persisted_queries.ix_svc_persisted_queries_created",
			"svc_persisted_queries.ix_svc_persisted_queries_saved_by",
			"svc_rate_limit_buckets.ix_svc_rate_limit_buckets_expiry",
			"svc_refresh_tokens.ix_svc_refresh_tokens_session", "svc_roles.ix_svc_roles_tenant",
			"svc_sign_in_failures.ix_svc_sign_in_failures_last", "svc_sign_in_sessions.ix_svc_sign_in_sessions_expiry",
			"svc_sign_in_sessions.ix_svc_sign_in_sessions_user",
			"svc_two_factor_clients.ix_svc_two_factor_clients_user",
			"svc_two_factor_codes.ix_svc_two_factor_codes_user", "svc_user_organization_units.ix_svc_user_ous_ou",
			"svc_user_roles.ix_svc_user_roles_role", "svc_users.ix_svc_users_email", "svc_users.ix_svc_users_name",
			"svc_users.ix_svc_users_user_name");

	private final ApplicationContextRunner contextRunner = TestHostRunner.withDatabase();

	@Test
	void shouldEndWithTheSameColumnsOnEveryDatabase() {
		this.contextRunner.run((context) -> shouldEndWithTheSameColumns(context.getBean(DataSource.class)));
	}

	private void shouldEndWithTheSameColumns(DataSource dataSource) throws Exception {
		Set<String> columns = JdbcUtils.extractDatabaseMetaData(dataSource, this::columns);
		// MariaDB's and MySQL's substring filter reads the users' trigrams; the others
		// search with an index of their own
		Set<String> own = TestDatabase.isMariaDb() ? Set.of("svc_user_trigrams.tenant_key integer not null",
				"svc_user_trigrams.trigram varchar(3) not null", "svc_user_trigrams.user_id bigint not null",
				"svc_trigram_positions.position smallint not null") : Set.of();
		Set<String> expected = new TreeSet<>(COLUMNS);
		expected.addAll(own);
		assertThat(columns).containsExactlyInAnyOrderElementsOf(withoutNullabilityOfTheCountsView(expected, columns));
	}

	@Test
	void shouldEndWithTheIndexesTheQueriesNeed() {
		this.contextRunner.run((context) -> {
			Set<String> indexes = JdbcUtils.extractDatabaseMetaData(context.getBean(DataSource.class), this::indexes);
			assertThat(indexes).containsAll(INDEXES);
		});
	}

	/**
	 * The kept counts are a view on H2 and a table elsewhere, whose columns' nullability
	 * differs: the test reads it as the database states it.
	 */
	private static Set<String> withoutNullabilityOfTheCountsView(Set<String> expected, Set<String> columns) {
		Set<String> result = new TreeSet<>();
		for (String column : expected) {
			if (column.startsWith("svc_user_counts.")) {
				columns.stream().filter((actual) -> actual.startsWith(column + " ")).forEach(result::add);
			}
			else {
				result.add(column);
			}
		}
		return result;
	}

	private Set<String> columns(DatabaseMetaData metaData) throws SQLException {
		Set<String> columns = new TreeSet<>();
		for (String table : tables(metaData)) {
			try (ResultSet rs = metaData.getColumns(metaData.getConnection().getCatalog(), null,
					stored(metaData, table), null)) {
				while (rs.next()) {
					String name = rs.getString("COLUMN_NAME").toLowerCase(Locale.ROOT);
					columns.add(table + "." + name + " " + type(rs.getInt("DATA_TYPE"), rs.getInt("COLUMN_SIZE")) + " "
							+ ((rs.getInt("NULLABLE") == DatabaseMetaData.columnNoNulls) ? "not null" : "null"));
				}
			}
		}
		return columns;
	}

	private Set<String> indexes(DatabaseMetaData metaData) throws SQLException {
		Set<String> indexes = new TreeSet<>();
		for (String table : tables(metaData)) {
			try (ResultSet rs = metaData.getIndexInfo(metaData.getConnection().getCatalog(), null,
					stored(metaData, table), false, true)) {
				while (rs.next()) {
					String name = rs.getString("INDEX_NAME");
					if (name != null) {
						indexes.add(table + "." + name.toLowerCase(Locale.ROOT));
					}
				}
			}
		}
		return indexes;
	}

	private static Set<String> tables(DatabaseMetaData metaData) throws SQLException {
		Set<String> tables = new TreeSet<>();
		try (ResultSet rs = metaData.getTables(metaData.getConnection().getCatalog(), null, "%",
				new String[] { "TABLE", "VIEW", "BASE TABLE" })) {
			while (rs.next()) {
				String name = rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT);
				if (name.startsWith("svc_") && !name.equals(IdentitySchemaMigration.HISTORY_TABLE)) {
					tables.add(name);
				}
			}
		}
		return tables;
	}

	private static String stored(DatabaseMetaData metaData, String table) throws SQLException {
		return metaData.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
	}

	private static String type(int sqlType, int size) {
		return switch (sqlType) {
			case Types.SMALLINT -> "smallint";
			case Types.INTEGER -> "integer";
			case Types.BIGINT -> "bigint";
			case Types.BOOLEAN, Types.BIT, Types.TINYINT -> "boolean";
			case Types.VARCHAR -> (size > 65_535) ? "text" : "varchar(" + size + ")";
			case Types.CLOB, Types.LONGVARCHAR -> "text";
			case Types.TIMESTAMP, Types.TIMESTAMP_WITH_TIMEZONE -> "time";
			case Types.BINARY, Types.VARBINARY, Types.LONGVARBINARY -> "bytes";
			default -> "type " + sqlType;
		};
	}

}
