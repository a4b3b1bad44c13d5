package dev.svc.graphql.test;

import java.util.List;
import java.util.Map;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;

/**
 * Points every Spring test context at the database the build chose with the
 * {@code svc.test.database} system property: {@code h2} (the default: Spring Boot's
 * embedded H2, a new in-memory database per context), {@code postgresql} or
 * {@code mariadb} (a new database on the local server per context, dropped when the
 * context closes). Registered through {@code spring.factories}, so the sample apps' tests
 * get it from this module's test jar. It also counts the contexts it sees loaded, for
 * {@link TestContextReport}.
 */
public final class TestDatabaseContextCustomizerFactory implements ContextCustomizerFactory {

	@Override
	public ContextCustomizer createContextCustomizer(Class<?> testClass,
			List<ContextConfigurationAttributes> configAttributes) {
		return (TestDatabase.isPostgres() || TestDatabase.isMariaDb()) ? new ServerCustomizer() : new H2Customizer();
	}

	private static final class H2Customizer implements ContextCustomizer {

		@Override
		public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
			TestContextReport.loaded(config);
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof H2Customizer;
		}

		@Override
		public int hashCode() {
			return H2Customizer.class.hashCode();
		}

	}

	private static final class ServerCustomizer implements ContextCustomizer {

		@Override
		public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration config) {
			TestContextReport.loaded(config);
			TestDatabase database = TestDatabase.create();
			// Spring keeps many test contexts alive at once: small pools keep them all
			// within the server's connection limit
			context.getEnvironment()
				.getPropertySources()
				.addFirst(new MapPropertySource("svcTestDatabase",
						Map.of("spring.datasource.url", database.url(), "spring.datasource.username", database.user(),
								"spring.datasource.password", "", "spring.datasource.hikari.maximum-pool-size", "4",
								"spring.datasource.hikari.minimum-idle", "1")));
			// registered before any bean is created, so destroyed after the data source
			// is closed
			((DefaultListableBeanFactory) context.getBeanFactory()).registerDisposableBean("svcTestDatabase", database);
		}

		@Override
		public boolean equals(Object other) {
			return other instanceof ServerCustomizer;
		}

		@Override
		public int hashCode() {
			return ServerCustomizer.class.hashCode();
		}

	}

}
