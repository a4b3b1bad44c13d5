package dev.svc.graphql.test;

import java.util.List;

import org.springframework.context.ConfigurableApplicationContext;
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
			TestDatabase.create().useIn(context);
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
