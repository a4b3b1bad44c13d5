package dev.svc.graphql.error;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.execution.DataFetcherExceptionResolver;
import org.springframework.graphql.server.WebGraphQlInterceptor;

/**
 * The one place failures become error entries: field failures through the exception
 * resolver, request failures through the interceptor.
 */
@AutoConfiguration
@ConditionalOnClass(DataFetcherExceptionResolver.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@EnableConfigurationProperties(SvcGraphQlProperties.class)
public final class GraphQlErrorAutoConfiguration {

	@Bean
	@Order(PipelineOrder.LAST)
	DataFetcherExceptionResolver svcQueryExceptionResolver(SvcGraphQlProperties properties) {
		return new QueryExceptionResolver(properties.isExposeExceptionDetails());
	}

	@Bean
	@Order(PipelineOrder.REQUEST_ERROR_INTERCEPTOR)
	@ConditionalOnClass(WebGraphQlInterceptor.class)
	WebGraphQlInterceptor svcRequestErrorInterceptor() {
		return new RequestErrorInterceptor();
	}

}
