package dev.svc.graphql.web;

import java.util.List;

import dev.svc.graphql.PipelineOrder;
import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.persisted.PersistedDocuments;
import dev.svc.graphql.persisted.PersistedDocumentsProperties;
import dev.svc.graphql.persisted.RegisteredDocuments;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlProperties;
import org.springframework.boot.graphql.autoconfigure.servlet.GraphQlWebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The GraphQL-over-HTTP media-type choice and GraphQL-shaped answers to unreadable
 * requests, through a {@link GraphQlHttpHandler} that replaces Boot's.
 */
@AutoConfiguration(after = GraphQlAutoConfiguration.class, before = GraphQlWebMvcAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass({ GraphQlHttpHandler.class, GraphQlWebMvcAutoConfiguration.class })
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean(ExecutionGraphQlService.class)
@EnableConfigurationProperties({ SvcGraphQlProperties.class, PersistedDocumentsProperties.class })
public final class GraphQlEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	GraphQlHttpHandler graphQlHttpHandler(WebGraphQlHandler webGraphQlHandler, ObjectProvider<JsonMapper> jsonMapper,
			ObjectProvider<PersistedDocuments> persistedDocuments, ObjectProvider<RegisteredDocuments> registered,
			PersistedDocumentsProperties persistedDocumentsProperties) {
		return new SvcGraphQlHttpHandler(webGraphQlHandler,
				SvcGraphQlHttpHandler.withEveryMember(jsonMapper.getIfAvailable(JsonMapper::shared)),
				PersistedDocuments.firstOf(persistedDocuments.orderedStream().toList()),
				registered.getIfAvailable(() -> RegisteredDocuments.of(List.of())),
				new CacheableGets(persistedDocumentsProperties.getCacheControl()));
	}

	/** Ahead of Boot's routes, which would refuse these requests with an empty body. */
	@Bean
	@Order(PipelineOrder.GRAPHQL_ROUTES)
	RouterFunction<ServerResponse> svcGraphQlRoutes(GraphQlProperties properties, GraphQlHttpHandler handler,
			WebGraphQlHandler webGraphQlHandler, GraphQlSource graphQlSource) {
		return EndpointRoutes.routes(properties.getHttp().getPath(),
				(handler instanceof SvcGraphQlHttpHandler svcHandler) ? svcHandler : null,
				properties.getSchema().getPrinter().isEnabled()
						? new SchemaPrinterHandler(webGraphQlHandler, graphQlSource) : null);
	}

}
