package dev.svc.graphql.identity;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.mariadb.jdbc.Driver;

import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

/**
 * The module's times on MariaDB: kept in UTC, or no start at all.
 */
@OnEveryDatabase
@EnabledIfSystemProperty(named = "svc.test.database", matches = "mariadb")
class IdentitySchemaMigrationMariaDbTests {

	private final TestDatabase database = TestDatabase.createMariaDb();

	@AfterEach
	void dropDatabase() {
		this.database.destroy();
	}

	@Test
	void shouldRefuseADriverThatWouldWriteTimesInAnotherZone() {
		// as a driver without the options in a JVM five hours east of UTC
		SimpleDriverDataSource shifting = dataSource("?connectionTimeZone=Etc/GMT-5&preserveInstants=true");
		assertThatIllegalStateException()
			.isThrownBy(() -> new IdentitySchemaMigration(shifting, true).afterPropertiesSet())
			.withMessageContaining("converts them to the JVM's time zone")
			.withMessageContaining("connectionTimeZone=UTC&preserveInstants=true");
		assertThat(JdbcClient.create(shifting)
			.sql("select count(*) from information_schema.tables where table_schema = database()")
			.query(Integer.class)
			.single()).as("nothing migrated").isZero();
	}

	@Test
	void shouldKeepTheDemoDataTimesInUtc() throws Exception {
		SimpleDriverDataSource utc = dataSource("?connectionTimeZone=UTC&preserveInstants=true");
		new IdentitySchemaMigration(utc, true).afterPropertiesSet();
		JdbcClient jdbc = JdbcClient.create(utc);
		assertThat(jdbc.sql("select creation_time from svc_users where id = 3").query(OffsetDateTime.class).single())
			.isEqualTo(OffsetDateTime.of(2024, 1, 2, 0, 0, 0, 0, ZoneOffset.UTC));
		assertThat(
				jdbc.sql("select cast(creation_time as char) from svc_users where id = 3").query(String.class).single())
			.startsWith("2024-01-02 00:00:00");
	}

	private SimpleDriverDataSource dataSource(String options) {
		String url = this.database.url();
		return new SimpleDriverDataSource(new Driver(), url.substring(0, url.indexOf('?')) + options,
				this.database.user(), "");
	}

}
