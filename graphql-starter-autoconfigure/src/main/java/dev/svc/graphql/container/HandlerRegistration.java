package dev.svc.graphql.container;

import java.util.List;
import java.util.function.Supplier;

import dev.svc.graphql.handler.QueryHandler;

/**
 * One field of the root container and how to get the handler that serves it.
 *
 * @param fieldName the field
 * @param beanName the handler's bean
 * @param type the handler's class
 * @param requiredPermissions the permissions, any one of which lets a caller run it
 * @param instances the handler for a use: the one instance, or a new one of a prototype
 * @param first the instance created at start-up, which answers what does not need a fresh
 * one
 */
record HandlerRegistration(String fieldName, String beanName, Class<?> type, List<String> requiredPermissions,
		Supplier<QueryHandler<?>> instances, QueryHandler<?> first) {

	QueryHandler<?> handler() {
		return this.instances.get();
	}

}
