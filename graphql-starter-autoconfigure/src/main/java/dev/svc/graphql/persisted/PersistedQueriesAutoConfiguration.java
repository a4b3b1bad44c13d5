package dev.svc.graphql.persisted;

import dev.svc.graphql.PipelineOrder;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.server.WebGraphQlInterceptor;

/**
 * Automatic persisted queries on the endpoint, over every transport that runs through Spring for
 * GraphQL's interceptors, from the {@link PersistedDocuments} beans (the document cache among
 * them).
 */
@AutoConfiguration
@ConditionalOnClass(WebGraphQlInterceptor.class)
@ConditionalOnBooleanProperty("graphql.enabled")
public final class PersistedQueriesAutoConfiguration {

	@Bean
	@Order(PipelineOrder.PERSISTED_QUERY_INTERCEPTOR)
	WebGraphQlInterceptor svcPersistedQueryInterceptor(ObjectProvider<PersistedDocuments> documents) {
		return new PersistedQueryInterceptor(PersistedDocuments.firstOf(documents.orderedStream().toList()));
	}

}
