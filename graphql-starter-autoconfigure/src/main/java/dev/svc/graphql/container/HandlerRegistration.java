package dev.svc.graphql.container;

import java.util.List;
import java.util.function.Supplier;

import dev.svc.graphql.handler.QueryHandler;

import org.springframework.core.ResolvableType;

/**
 * One field of the root container and how to get its handler.
 *
 * @param fieldName the field
 * @param beanName the handler's bean
 * @param type the handler's class
 * @param resultType what its {@code resolve} returns
 * @param requiredPermissions any one of them lets a caller run it
 * @param instances the one instance, or a new one of a prototype
 * @param first the start-up instance, for what needs no fresh one
 */
record HandlerRegistration(String fieldName, String beanName, Class<?> type, ResolvableType resultType,
		List<String> requiredPermissions, Supplier<QueryHandler<?>> instances, QueryHandler<?> first) {

	QueryHandler<?> handler() {
		return this.instances.get();
	}

}
