package dev.svc.graphql.instrumentation;

import java.util.List;

import graphql.GraphQL;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.graphql.execution.GraphQlSource;

/**
 * Runs the {@link RequestInstrumentation} beans on every execution of the application's
 * {@link GraphQlSource}, whoever built it: the source, once built, gets a {@link GraphQL}
 * whose instrumentation runs them around the one it was built with.
 */
@AutoConfiguration
@ConditionalOnClass({ GraphQL.class, GraphQlSource.class })
@ConditionalOnBooleanProperty("graphql.enabled")
public final class RequestInstrumentationAutoConfiguration {

	private RequestInstrumentationAutoConfiguration() {
	}

	@Bean
	static BeanPostProcessor svcRequestInstrumentations(ObjectProvider<RequestInstrumentation> instrumentations) {
		return new BeanPostProcessor() {

			@Override
			public Object postProcessAfterInitialization(Object bean, String beanName) {
				if (!(bean instanceof GraphQlSource source)) {
					return bean;
				}
				List<RequestInstrumentation> ordered = instrumentations.orderedStream().toList();
				return ordered.isEmpty() ? source : RequestInstrumentations.around(source, ordered);
			}

		};
	}

	/**
	 * Fails the start where a source escaped the post-processor (one made before it, for
	 * another post-processor, or registered as a finished object): its requests would run
	 * without the limits and the caller's schema.
	 */
	@Bean
	static SmartInitializingSingleton svcRequestInstrumentationsCheck(ObjectProvider<GraphQlSource> sources,
			ObjectProvider<RequestInstrumentation> instrumentations) {
		return () -> {
			List<RequestInstrumentation> expected = instrumentations.orderedStream().toList();
			if (expected.isEmpty()) {
				return;
			}
			sources.orderedStream()
				.filter((source) -> !RequestInstrumentations.isAround(source.graphQl(), expected))
				.findAny()
				.ifPresent((source) -> {
					throw new IllegalStateException("The GraphQlSource " + source + " runs without the module's "
							+ "request instrumentation (the time and cost limits, the caller's schema): it was made "
							+ "before the post-processor 'svcRequestInstrumentations' could add it, or registered as a "
							+ "finished object. Let Spring make it as a bean, and keep post-processors from depending "
							+ "on it.");
				});
		};
	}

}
