package dev.svc.graphql.identity;

import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;

import org.springframework.beans.factory.InitializingBean;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

/**
 * Creates and updates the module's tables with Flyway, apart from the host's migrations: its own
 * locations and its own history table, so a host's {@code V1__...} never meets the module's
 * {@code V1__...}. It runs after the host's Flyway or Liquibase (see
 * {@link IdentitySchemaMigrationDetector}), and on a schema that already holds the host's tables it
 * starts its history from scratch instead of refusing to run. Most migrations are portable; those
 * a database needs of its own (PostgreSQL's indexes for large tenants) are in
 * {@code db/svc/migration-h2} and {@code db/svc/migration-postgresql}.
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
		List<String> locations = new ArrayList<>(List.of("classpath:db/svc/migration",
				"classpath:db/svc/migration-" + vendor(this.dataSource)));
		if (this.demoData) {
			locations.add("classpath:db/svc/demo");
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
		throw new IllegalStateException("The module keeps its identity tables on H2 or PostgreSQL, and this DataSource is "
				+ product + ". Declare IdentityStore and CredentialStore beans of your own for another database, or set "
				+ "graphql.identity.enabled=false.");
	}

}
