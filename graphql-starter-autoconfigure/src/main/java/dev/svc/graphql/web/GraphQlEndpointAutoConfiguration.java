package dev.svc.graphql.web;

import dev.svc.graphql.SvcGraphQlProperties;
import dev.svc.graphql.container.RootContainerAutoConfiguration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.webmvc.GraphQlHttpHandler;
import org.springframework.http.HttpMethod;
import org.springframework.web.servlet.function.RouterFunction;
import org.springframework.web.servlet.function.RouterFunctions;
import org.springframework.web.servlet.function.ServerResponse;

/**
 * The query endpoint over HTTP: POST on {@code graphql.path} with a JSON body, answered as
 * {@code application/graphql-response+json} unless the client asks for {@code application/json}.
 */
@AutoConfiguration(after = RootContainerAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(GraphQlHttpHandler.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean(ExecutionGraphQlService.class)
public final class GraphQlEndpointAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	WebGraphQlHandler webGraphQlHandler(ExecutionGraphQlService service,
			ObjectProvider<WebGraphQlInterceptor> interceptors) {
		return WebGraphQlHandler.builder(service).interceptors(interceptors.orderedStream().toList()).build();
	}

	@Bean
	@ConditionalOnMissingBean
	GraphQlHttpHandler graphQlHttpHandler(WebGraphQlHandler webGraphQlHandler) {
		return new SvcGraphQlHttpHandler(webGraphQlHandler);
	}

	@Bean
	@Order(Ordered.HIGHEST_PRECEDENCE + 50)
	WebGraphQlInterceptor svcQueryLengthInterceptor(SvcGraphQlProperties properties) {
		return new QueryLengthInterceptor(properties.getLimits().getMaxQueryLength());
	}

	@Bean
	@Order(0)
	RouterFunction<ServerResponse> svcGraphQlRouterFunction(GraphQlHttpHandler handler, SvcGraphQlProperties properties) {
		String path = properties.getPath();
		return RouterFunctions.route()
			.POST(path, handler::handleRequest)
			.route((request) -> request.path().equals(path) && !HttpMethod.POST.equals(request.method()),
					(request) -> BadRequestResponses.methodNotAllowed(request.method()))
			.filter(BadRequestResponses.filter())
			.build();
	}

}
