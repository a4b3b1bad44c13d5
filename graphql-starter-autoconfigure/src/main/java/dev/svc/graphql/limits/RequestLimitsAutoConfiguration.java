package dev.svc.graphql.limits;

import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.container.RootContainerAutoConfiguration;
import graphql.GraphQL;
import graphql.execution.instrumentation.Instrumentation;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlInterceptor;

/**
 * The request limits ({@code graphql.limits.*}): the body's size on the endpoint, the document's
 * length, tokens and shape in every execution; and who may introspect ({@code graphql.introspection}).
 */
@AutoConfiguration(before = GraphQlAutoConfiguration.class, after = RootContainerAutoConfiguration.class)
@ConditionalOnClass({ GraphQL.class, GraphQlSourceBuilderCustomizer.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@EnableConfigurationProperties(SvcGraphQlProperties.class)
public final class RequestLimitsAutoConfiguration {

	@Bean
	DocumentCache svcDocumentCache(SvcGraphQlProperties properties) {
		return new DocumentCache(new DocumentLimits(properties.getLimits()), properties.getLimits().getDocumentCacheSize());
	}

	@Bean
	GraphQlSourceBuilderCustomizer svcDocumentLimits(DocumentCache svcDocumentCache) {
		return (builder) -> builder.configureGraphQl((graphQl) -> graphQl.preparsedDocumentProvider(svcDocumentCache));
	}

	@Bean
	Instrumentation svcRequestTimeoutInstrumentation(SvcGraphQlProperties properties) {
		return new RequestTimeoutInstrumentation(properties.getLimits().getTimeout());
	}

	@Bean
	@ConditionalOnBean(RootContainer.class)
	QueryCostInstrumentation svcQueryCostInstrumentation(SvcGraphQlProperties properties, RootContainer container) {
		return new QueryCostInstrumentation(properties.getLimits().getMaxCost(), container,
				properties.getLimits().getDocumentCacheSize());
	}

	/**
	 * After the interceptor that resolves the caller.
	 */
	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 150)
	@ConditionalOnClass(WebGraphQlInterceptor.class)
	WebGraphQlInterceptor svcIntrospectionInterceptor(SvcGraphQlProperties properties) {
		return new IntrospectionInterceptor(properties.getIntrospection());
	}

	/**
	 * The document and cost caches' statistics ({@code cache.gets}, {@code cache.evictions}, ...),
	 * when the host has Micrometer.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcRequestLimitsCacheMeters(DocumentCache svcDocumentCache,
				ObjectProvider<QueryCostInstrumentation> costs) {
			return (registry) -> {
				CaffeineCacheMetrics.monitor(registry, svcDocumentCache.cache(), "svc.documents");
				costs.ifAvailable((instrumentation) -> CaffeineCacheMetrics.monitor(registry, instrumentation.cache(),
						"svc.query-costs"));
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(FilterRegistrationBean.class)
	static class RequestSizeConfiguration {

		@Bean
		FilterRegistrationBean<RequestBodyLimitFilter> svcGraphQlBodyLimit(SvcGraphQlProperties properties,
				GraphQlProperties graphQl) {
			return RequestBodyLimitFilter.registration("svcGraphQlBodyLimit",
					RequestBodyLimitFilter.forGraphQl(properties.getLimits().getMaxRequestSize(),
							properties.getLimits().getBodyReadTimeout()),
					graphQl.getHttp().getPath());
		}

	}

}
