package dev.svc.graphql.identity;

import java.util.ArrayList;
import java.util.List;

import javax.sql.DataSource;

import org.flywaydb.core.Flyway;

import org.springframework.beans.factory.InitializingBean;

/**
 * Creates and updates the module's tables with Flyway, apart from the host's migrations: its own
 * locations and its own history table, so a host's {@code V1__...} never meets the module's
 * {@code V1__...}. It runs after the host's Flyway or Liquibase (see
 * {@link IdentitySchemaMigrationDetector}), and on a schema that already holds the host's tables it
 * starts its history from scratch instead of refusing to run.
 */
final class IdentitySchemaMigration implements InitializingBean {

	static final String HISTORY_TABLE = "svc_schema_history";

	private final Flyway flyway;

	IdentitySchemaMigration(DataSource dataSource, boolean demoData) {
		List<String> locations = new ArrayList<>(List.of("classpath:db/svc/migration"));
		if (demoData) {
			locations.add("classpath:db/svc/demo");
		}
		this.flyway = Flyway.configure(getClass().getClassLoader())
			.dataSource(dataSource)
			.locations(locations.toArray(String[]::new))
			.table(HISTORY_TABLE)
			.baselineOnMigrate(true)
			.baselineVersion("0")
			.load();
	}

	@Override
	public void afterPropertiesSet() {
		this.flyway.migrate();
	}

}
