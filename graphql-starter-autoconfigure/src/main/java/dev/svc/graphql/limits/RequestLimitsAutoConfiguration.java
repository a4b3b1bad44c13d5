package dev.svc.graphql.limits;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.instrumentation.RequestInstrumentation;
import dev.svc.graphql.persisted.RegisteredDocuments;
import dev.svc.graphql.security.PermissionChecker;
import graphql.GraphQL;
import io.micrometer.core.instrument.binder.MeterBinder;
import io.micrometer.core.instrument.binder.cache.CaffeineCacheMetrics;
import jakarta.servlet.DispatcherType;
import org.apache.catalina.valves.ValveBase;

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
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.util.unit.DataSize;

/**
 * The request limits ({@code graphql.limits.*}): the body's size on the endpoint, the
 * document's length, tokens and shape in every execution.
 */
@AutoConfiguration(before = GraphQlAutoConfiguration.class, after = RootContainerAutoConfiguration.class)
@ConditionalOnClass({ GraphQL.class, GraphQlSourceBuilderCustomizer.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@EnableConfigurationProperties({ RequestLimitsProperties.class, SvcGraphQlProperties.class })
public final class RequestLimitsAutoConfiguration {

	@Bean
	DocumentCache svcDocumentCache(RequestLimitsProperties properties, SvcGraphQlProperties module,
			ObjectProvider<CostBudget> budget) {
		int queryLength = (int) Math.min(Integer.MAX_VALUE, properties.getMaxRequestSize().toBytes());
		DataSize memoryBudget = module.getMemoryBudget();
		// an eighth of the memory budget for signed-in callers' documents, a
		// thirty-second
		// for anonymous callers' (8 MB and 2 MB of 64 MB)
		return new DocumentCache(
				new DocumentLimits(new DocumentLimits.Maximums(queryLength, properties.getMaxTokens(),
						properties.getMaxQueryDepth(), properties.getMaxCost()), budget.getIfUnique()),
				DataSize.ofBytes(memoryBudget.toBytes() / 8), DataSize.ofBytes(memoryBudget.toBytes() / 32));
	}

	@Bean
	GraphQlSourceBuilderCustomizer svcDocumentLimits(DocumentCache svcDocumentCache) {
		return (builder) -> builder.configureGraphQl((graphQl) -> graphQl.preparsedDocumentProvider(svcDocumentCache));
	}

	@Bean
	@ConditionalOnBean(RootContainer.class)
	QueryCostLimit svcQueryCostLimit(RequestLimitsProperties properties, RootContainer container,
			ObjectProvider<PermissionChecker> permissionChecker, ObjectProvider<CostBudget> budget) {
		return new QueryCostLimit(properties.getMaxCost(), container,
				permissionChecker.getIfUnique(PermissionChecker::fromUserContext), budget.getIfUnique());
	}

	@Bean
	RequestInstrumentation svcRequestLimitsInstrumentation(RequestLimitsProperties properties,
			ObjectProvider<QueryCostLimit> costLimit) {
		return new RequestLimitsInstrumentation(properties.getTimeout(), costLimit.getIfAvailable());
	}

	@Bean
	RegisteredDocumentsCheck svcRegisteredDocumentsCheck(ObjectProvider<RegisteredDocuments> registered,
			DocumentCache svcDocumentCache, ObjectProvider<QueryCostLimit> costs,
			ObjectProvider<GraphQlSource> graphQlSource) {
		return new RegisteredDocumentsCheck(registered, svcDocumentCache, costs, graphQlSource);
	}

	// the document and cost caches' statistics (cache.gets, cache.evictions, ...)
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	static class CacheMetersConfiguration {

		@Bean
		MeterBinder svcRequestLimitsCacheMeters(DocumentCache svcDocumentCache, ObjectProvider<QueryCostLimit> costs) {
			return (registry) -> {
				CaffeineCacheMetrics.monitor(registry, svcDocumentCache.cache(), "svc.documents");
				CaffeineCacheMetrics.monitor(registry, svcDocumentCache.anonymousCache(), "svc.anonymous-documents");
				costs.ifAvailable(
						(costLimit) -> CaffeineCacheMetrics.monitor(registry, costLimit.cache(), "svc.query-costs"));
			};
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
	@ConditionalOnClass(FilterRegistrationBean.class)
	static class RequestSizeConfiguration {

		// Tomcat's, as Spring Boot sets it
		private static final int DEFAULT_THREADS = 200;

		@Bean
		FilterRegistrationBean<RequestBodyLimitFilter> svcGraphQlBodyLimit(RequestLimitsProperties properties,
				GraphQlProperties graphQl) {
			return RequestBodyLimitFilter.registration("svcGraphQlBodyLimit",
					RequestBodyLimitFilter.forGraphQl(properties.getMaxRequestSize()), graphQl.getHttp().getPath());
		}

		// every request of the server: its size is how many the server runs at once
		@Bean
		FilterRegistrationBean<RequestPlacesFilter> svcRequestPlaces(Environment environment,
				GraphQlProperties graphQl) {
			int threads = environment.getProperty("server.tomcat.threads.max", Integer.class, DEFAULT_THREADS);
			FilterRegistrationBean<RequestPlacesFilter> registration = new FilterRegistrationBean<>(
					new RequestPlacesFilter(threads, graphQl.getHttp().getPath()));
			registration.setName("svcRequestPlaces");
			registration.addUrlPatterns("/*");
			registration.setDispatcherTypes(DispatcherType.REQUEST);
			registration.setOrder(PipelineOrder.REQUEST_PLACES_FILTER);
			return registration;
		}

		// on Tomcat, a refused request's connection closes without draining its body
		@Configuration(proxyBeanMethods = false)
		@ConditionalOnClass({ ConfigurableTomcatWebServerFactory.class, ValveBase.class })
		static class TomcatRefusalsConfiguration {

			@Bean
			WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> svcRefusedBodyValve() {
				return (factory) -> factory.addEngineValves(new RefusedBodyValve());
			}

		}

	}

}
