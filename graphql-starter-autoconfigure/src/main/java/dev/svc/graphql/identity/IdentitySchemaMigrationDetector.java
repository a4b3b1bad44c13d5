package dev.svc.graphql.identity;

import java.util.Set;

import org.springframework.boot.sql.init.dependency.AbstractBeansOfTypeDatabaseInitializerDetector;

/**
 * Makes the database's users wait for {@link IdentitySchemaMigration}, which runs after
 * the host's own Flyway or Liquibase (whose detectors come first).
 */
final class IdentitySchemaMigrationDetector extends AbstractBeansOfTypeDatabaseInitializerDetector {

	@Override
	protected Set<Class<?>> getDatabaseInitializerBeanTypes() {
		return Set.of(IdentitySchemaMigration.class);
	}

	/** After Spring Boot's detectors of Flyway (1), Liquibase and SQL scripts. */
	@Override
	public int getOrder() {
		return 100;
	}

}
