package dev.svc.graphql.container;

import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.util.ClassUtils;

/**
 * The root container: every query field of the schema's {@code Query} type and the handler bean
 * that serves it. Immutable once built; built once at start-up from the {@link QueryHandler} beans.
 */
public final class RootContainer {

	private final Map<String, HandlerRegistration> handlers;

	private RootContainer(Map<String, HandlerRegistration> handlers) {
		this.handlers = Collections.unmodifiableMap(handlers);
	}

	/**
	 * Collects every {@link QueryHandler} bean. Handlers are looked up by bean name so that a
	 * prototype-scoped handler can be created anew for every use.
	 * @param beanFactory the factory holding the handler beans
	 * @return the container
	 * @throws RootContainerException when two handlers serve the same field
	 */
	public static RootContainer of(ListableBeanFactory beanFactory) {
		Map<String, HandlerRegistration> handlers = new TreeMap<>();
		for (String beanName : beanFactory.getBeanNamesForType(QueryHandler.class)) {
			QueryHandler<?> first = beanFactory.getBean(beanName, QueryHandler.class);
			Class<?> type = ClassUtils.getUserClass(first.getClass());
			Supplier<QueryHandler<?>> instances = beanFactory.isPrototype(beanName)
					? () -> beanFactory.getBean(beanName, QueryHandler.class) : () -> first;
			HandlerRegistration registration = new HandlerRegistration(first.fieldName(), beanName, type,
					requiredPermissions(type), instances, first);
			HandlerRegistration previous = handlers.putIfAbsent(registration.fieldName(), registration);
			if (previous != null) {
				throw new RootContainerException("Query field '" + registration.fieldName()
						+ "' is served by two handlers, bean '" + previous.beanName() + "' (" + previous.type().getName()
						+ ") and bean '" + beanName + "' (" + type.getName() + ").",
						"A field has exactly one handler: remove one of the beans or change its fieldName().");
			}
		}
		return new RootContainer(handlers);
	}

	private static List<String> requiredPermissions(Class<?> type) {
		RequiresPermission annotation = AnnotatedElementUtils.findMergedAnnotation(type, RequiresPermission.class);
		return (annotation != null) ? List.of(annotation.value()) : List.of();
	}

	/**
	 * The fields of the container, by name.
	 * @return the field names, sorted
	 */
	public Set<String> fieldNames() {
		return this.handlers.keySet();
	}

	/**
	 * The permissions a field requires, any one of which is enough.
	 * @param fieldName the field
	 * @return the permission names, empty when anonymous callers may run it
	 */
	public List<String> requiredPermissions(String fieldName) {
		return registration(fieldName).requiredPermissions();
	}

	/**
	 * What running a root field costs: as its handler declares, or, for a field that no handler
	 * serves, the field once plus what it selects. A negative cost, which only a handler's
	 * overflowing arithmetic makes, is {@link Long#MAX_VALUE}, so that it is refused rather than
	 * taken as cheap.
	 * @param fieldName the field
	 * @param arguments its arguments
	 * @param selectionCost the cost of what it selects, from 0 to {@link Long#MAX_VALUE}
	 * @return the cost, from 0 to {@link Long#MAX_VALUE}
	 * @see QueryHandler#cost(Map, long)
	 */
	public long cost(String fieldName, Map<String, Object> arguments, long selectionCost) {
		HandlerRegistration registration = this.handlers.get(fieldName);
		long cost = (registration != null) ? registration.first().cost(arguments, selectionCost)
				: QueryHandler.costOfItems(1, selectionCost);
		return (cost < 0) ? Long.MAX_VALUE : cost;
	}

	HandlerRegistration registration(String fieldName) {
		HandlerRegistration registration = this.handlers.get(fieldName);
		if (registration == null) {
			throw new IllegalArgumentException("No handler serves query field '" + fieldName + "'; known fields: "
					+ Arrays.toString(this.handlers.keySet().toArray()));
		}
		return registration;
	}

	Iterable<HandlerRegistration> registrations() {
		return this.handlers.values();
	}

}
