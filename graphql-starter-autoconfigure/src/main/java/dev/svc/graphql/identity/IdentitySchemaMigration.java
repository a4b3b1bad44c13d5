package dev.svc.graphql.identity;

import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

/**
 * Creates and updates the module's tables with Flyway, apart from the host's migrations:
 * its own locations and its own history table, so a host's {@code V1__...} never meets
 * the module's {@code V1__...}. It runs after the host's Flyway or Liquibase (see
 * {@link IdentitySchemaMigrationDetector}), and on a schema that already holds the host's
 * tables it starts its history from scratch instead of refusing to run. On H2 and
 * PostgreSQL most migrations are portable ({@code db/svc/migration}) and those a database
 * needs of its own (PostgreSQL's indexes for large tenants) are in
 * {@code db/svc/migration-h2} and {@code db/svc/migration-postgresql}. MariaDB and MySQL
 * speak another dialect of DDL (no identity columns, no time zones in a column):
 * {@code db/svc/migration-mysql} holds all of their migrations, under the same versions.
 */
public final class IdentitySchemaMigration implements InitializingBean {

	static final String HISTORY_TABLE = "svc_schema_history";

	private final DataSource dataSource;

	private final boolean demoData;

	IdentitySchemaMigration(DataSource dataSource, boolean demoData) {
		this.dataSource = dataSource;
		this.demoData = demoData;
	}

	@Override
	public void afterPropertiesSet() throws MetaDataAccessException {
		String vendor = vendor(this.dataSource);
		List<String> locations = new ArrayList<>();
		if (vendor.equals("mysql")) {
			requireUtcTimes(this.dataSource);
		}
		else {
			locations.add("classpath:db/svc/migration");
		}
		locations.add("classpath:db/svc/migration-" + vendor);
		if (this.demoData) {
			locations.add(vendor.equals("mysql") ? "classpath:db/svc/demo-mysql" : "classpath:db/svc/demo");
		}
		Flyway.configure(getClass().getClassLoader())
			.dataSource(this.dataSource)
			.locations(locations.toArray(String[]::new))
			.table(HISTORY_TABLE)
			.baselineOnMigrate(true)
			.baselineVersion("0")
			.load()
			.migrate();
	}

	private static String vendor(DataSource dataSource) throws MetaDataAccessException {
		String product = JdbcUtils.extractDatabaseMetaData(dataSource, DatabaseMetaData::getDatabaseProductName);
		String name = product.toLowerCase(Locale.ROOT);
		if (name.equals("h2") || name.equals("postgresql")) {
			return name;
		}
		if (name.equals("mariadb") || name.equals("mysql")) {
			return "mysql";
		}
		throw new IllegalStateException("The module keeps its identity tables on H2, PostgreSQL, MariaDB or MySQL, and "
				+ "this DataSource is " + product + ". Declare IdentityStore and CredentialStore beans of your own for "
				+ "another database, or set graphql.identity.enabled=false.");
	}

	/**
	 * Whether the DataSource is MariaDB or MySQL, whose tables are those of
	 * {@code db/svc/migration-mysql}.
	 */
	static boolean isMySql(DataSource dataSource) {
		try {
			return vendor(dataSource).equals("mysql");
		}
		catch (MetaDataAccessException | IllegalStateException ex) {
			return false;
		}
	}

	/**
	 * MariaDB's and MySQL's datetime columns keep no time zone: the module writes and
	 * reads its times there in UTC, which their drivers do only when told to (by default
	 * they write an instant as the JVM's local time). A driver that would shift the times
	 * stops the start-up here, before a time is written, instead of moving every lockout,
	 * session end and audit record by the JVM's offset.
	 */
	private static void requireUtcTimes(DataSource dataSource) {
		OffsetDateTime probe = OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);
		boolean utc = Boolean.TRUE.equals(new JdbcTemplate(dataSource).query(
				"select cast(? as char) as written_time, timestamp '2000-01-01 00:00:00' as read_time",
				(ResultSet rs) -> rs.next() && rs.getString("written_time").startsWith("2000-01-01 00:00:00")
						&& probe.isEqual(rs.getObject("read_time", OffsetDateTime.class)),
				probe));
		if (!utc) {
			throw new IllegalStateException("The module keeps its times in UTC in MariaDB's and MySQL's datetime "
					+ "columns, and this DataSource's driver converts them to the JVM's time zone ("
					+ ZoneId.systemDefault() + "). Add connectionTimeZone=UTC&preserveInstants=true to "
					+ "spring.datasource.url, or run the JVM in UTC (-Duser.timezone=UTC).");
		}
	}

}
