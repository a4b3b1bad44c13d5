package dev.svc.graphql.container;

import java.util.List;
import java.util.function.Supplier;

import dev.svc.graphql.handler.QueryHandler;

/**
 * One field of the root container and how to get the handler that serves it.
 */
record HandlerRegistration(String fieldName, String beanName, Class<?> type, List<String> requiredPermissions,
		Supplier<QueryHandler<?>> instances) {

	QueryHandler<?> handler() {
		return this.instances.get();
	}

}
