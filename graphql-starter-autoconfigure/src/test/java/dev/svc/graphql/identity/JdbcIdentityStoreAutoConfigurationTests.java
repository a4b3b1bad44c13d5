package dev.svc.graphql.identity;

import java.time.Duration;

import javax.sql.DataSource;

import dev.svc.graphql.test.CacheBounds;
import dev.svc.graphql.test.EmptyCredentialStore;
import dev.svc.graphql.test.EmptyIdentityStore;
import org.flywaydb.core.Flyway;
import org.h2.Driver;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

class JdbcIdentityStoreAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner().withConfiguration(
			AutoConfigurations.of(DataSourceAutoConfiguration.class, JdbcIdentityStoreAutoConfiguration.class));

	@Test
	void shouldMigrateTheModulesTablesIntoTheHostsDataSource() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasSingleBean(IdentitySchemaMigration.class)
				.hasSingleBean(IdentityStore.class)
				.hasSingleBean(CredentialStore.class)
				.hasBean("svcPermissionCacheMeters");
			assertThat(context.getBean(IdentityStore.class)).isInstanceOf(JdbcIdentityStore.class);
			assertThat(context.getBean(CredentialStore.class)).isInstanceOf(JdbcCredentialStore.class);
			JdbcTemplate jdbc = new JdbcTemplate(context.getBean(DataSource.class));
			assertThat(
					jdbc.queryForObject("select count(*) from \"svc_schema_history\" where \"success\"", Integer.class))
				.isPositive();
			assertThat(jdbc.queryForObject("select count(*) from svc_tenants", Integer.class)).isZero();
		});
	}

	@Test
	void shouldNameTheMigrationForTheConditionsOfOtherRooms() {
		assertThat(JdbcIdentityStoreAutoConfiguration.SCHEMA_MIGRATION)
			.isEqualTo(IdentitySchemaMigration.class.getName());
	}

	@Test
	void shouldAddTheDemoDataOnlyWhenAskedTo() {
		this.contextRunner.withPropertyValues("graphql.identity.demo-data=true")
			.run((context) -> assertThat(context.getBean(IdentityStore.class).findTenantByName("Default")).isPresent());
	}

	@Test
	void shouldBoundThePermissionCacheByDefault() {
		this.contextRunner.run((context) -> CacheBounds.assertBoundsAfterWrite(
				context.getBean(JdbcIdentityStore.class).permissionCache(), DataSize.ofMegabytes(16).toBytes(),
				Duration.ofSeconds(5)));
	}

	@Test
	void shouldTakeThePermissionCacheShareOfTheMemoryBudget() {
		this.contextRunner.withPropertyValues("graphql.memory-budget=4MB")
			.run((context) -> CacheBounds.assertBoundsAfterWrite(
					context.getBean(JdbcIdentityStore.class).permissionCache(), DataSize.ofMegabytes(1).toBytes(),
					Duration.ofSeconds(5)));
	}

	@Test
	void shouldBackOffWithItsCredentialsWhenUserDefinesAnIdentityStore() {
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> assertThat(context).hasSingleBean(IdentityStore.class)
				.doesNotHaveBean(JdbcIdentityStore.class)
				.doesNotHaveBean(IdentitySchemaMigration.class)
				.as("the module's credentials are those of its own tables' users only")
				.doesNotHaveBean(CredentialStore.class));
		this.contextRunner.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.withBean(CredentialStore.class, EmptyCredentialStore::new)
			.run((context) -> assertThat(context).hasSingleBean(IdentityStore.class)
				.hasSingleBean(CredentialStore.class)
				.doesNotHaveBean(JdbcCredentialStore.class));
	}

	@Test
	void shouldBackOffWhenUserDefinesACredentialStore() {
		this.contextRunner.withBean(CredentialStore.class, EmptyCredentialStore::new).run((context) -> {
			assertThat(context).hasSingleBean(CredentialStore.class)
				.doesNotHaveBean(JdbcCredentialStore.class)
				.hasSingleBean(IdentitySchemaMigration.class);
			assertThat(context.getBean(IdentityStore.class)).isInstanceOf(JdbcIdentityStore.class);
			assertThat(context.getBean(CredentialStore.class)).isInstanceOf(EmptyCredentialStore.class);
		});
	}

	@Test
	void shouldBackOffWhenSwitchedOff() {
		this.contextRunner.withPropertyValues("graphql.identity.enabled=false")
			.run((context) -> assertThat(context).hasNotFailed()
				.hasSingleBean(DataSource.class)
				.doesNotHaveBean(IdentityStore.class)
				.doesNotHaveBean(CredentialStore.class)
				.doesNotHaveBean(IdentitySchemaMigration.class));
	}

	@Test
	void shouldNeedASingleDataSourceAndFlyway() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JdbcIdentityStoreAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean(IdentityStore.class)
				.doesNotHaveBean(CredentialStore.class));
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(JdbcIdentityStoreAutoConfiguration.class))
			.withBean("first", DataSource.class, () -> new SimpleDriverDataSource(new Driver(), "jdbc:h2:mem:first"))
			.withBean("second", DataSource.class, () -> new SimpleDriverDataSource(new Driver(), "jdbc:h2:mem:second"))
			.run((context) -> assertThat(context).hasNotFailed().doesNotHaveBean(IdentityStore.class));
		this.contextRunner.withClassLoader(new FilteredClassLoader(Flyway.class))
			.run((context) -> assertThat(context).hasSingleBean(DataSource.class).doesNotHaveBean(IdentityStore.class));
	}

}
