package dev.svc.graphql.test;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * Marks a test class whose subject is SQL, a migration or a store: the build runs it on
 * each database the module supports, on H2 and again on PostgreSQL and on MariaDB (the
 * surefire executions of the parent POM select the {@value #TAG} tag). Every other test
 * runs once, on H2: it would pass or fail alike on any database.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@Tag(OnEveryDatabase.TAG)
public @interface OnEveryDatabase {

	/** The JUnit tag that the PostgreSQL and MariaDB executions select. */
	String TAG = "database";

}
