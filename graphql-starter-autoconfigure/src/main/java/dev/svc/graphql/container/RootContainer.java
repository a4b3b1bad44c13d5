package dev.svc.graphql.container;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.security.PermissionChecker;
import org.jspecify.annotations.Nullable;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.core.MethodIntrospector;
import org.springframework.core.ResolvableType;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.graphql.data.method.annotation.SchemaMapping;
import org.springframework.stereotype.Controller;
import org.springframework.util.ClassUtils;
import org.springframework.util.StringUtils;

/**
 * Every {@code Query} field with its handler bean, and the permissions of controllers'
 * {@code Query} fields. Built once at start-up from the {@link QueryHandler} beans and
 * the controllers' {@link RequiresPermission}; immutable.
 */
public final class RootContainer {

	private static final String QUERY = "Query";

	private final Map<String, HandlerRegistration> handlers;

	private final Map<String, List<String>> guardedControllerFields;

	private final Map<String, List<String>> guardedFields;

	private RootContainer(Map<String, HandlerRegistration> handlers,
			Map<String, List<String>> guardedControllerFields) {
		this.handlers = Collections.unmodifiableMap(handlers);
		this.guardedControllerFields = Collections.unmodifiableMap(guardedControllerFields);
		Map<String, List<String>> guarded = new TreeMap<>(guardedControllerFields);
		for (HandlerRegistration registration : handlers.values()) {
			if (!registration.requiredPermissions().isEmpty()) {
				guarded.put(registration.fieldName(), registration.requiredPermissions());
			}
		}
		this.guardedFields = Collections.unmodifiableMap(guarded);
	}

	/**
	 * Builds the container; handlers are looked up by bean name so that a prototype is
	 * created anew for every use.
	 * @param beanFactory the factory holding the handler beans
	 * @return the container
	 * @throws RootContainerException when two handlers serve a field, or a controller
	 * guards a field not of {@code Query}
	 */
	public static RootContainer of(ListableBeanFactory beanFactory) {
		Map<String, HandlerRegistration> handlers = new TreeMap<>();
		for (String beanName : beanFactory.getBeanNamesForType(QueryHandler.class)) {
			QueryHandler<?> first = beanFactory.getBean(beanName, QueryHandler.class);
			Class<?> type = ClassUtils.getUserClass(first.getClass());
			Supplier<QueryHandler<?>> instances = beanFactory.isPrototype(beanName)
					? () -> beanFactory.getBean(beanName, QueryHandler.class) : () -> first;
			HandlerRegistration registration = new HandlerRegistration(first.fieldName(), beanName, type,
					resultType(beanFactory, beanName, type), requiredPermissions(beanFactory, beanName), instances,
					first);
			HandlerRegistration previous = handlers.putIfAbsent(registration.fieldName(), registration);
			if (previous != null) {
				throw new RootContainerException(
						"Query field '" + registration.fieldName() + "' is served by two handlers, bean '"
								+ previous.beanName() + "' (" + previous.type().getName() + ") and bean '" + beanName
								+ "' (" + type.getName() + ").",
						"A field has exactly one handler: remove one of the beans or change its fieldName().");
			}
		}
		return new RootContainer(handlers, guardedControllerFields(beanFactory));
	}

	// on the handler's class or on its bean method, so one class may serve several fields
	private static List<String> requiredPermissions(ListableBeanFactory beanFactory, String beanName) {
		RequiresPermission annotation = beanFactory.findAnnotationOnBean(beanName, RequiresPermission.class);
		return (annotation != null) ? List.of(annotation.value()) : List.of();
	}

	private static ResolvableType resultType(ListableBeanFactory beanFactory, String beanName, Class<?> type) {
		ResolvableType result = ResolvableType.forClass(type).as(QueryHandler.class).getGeneric(0);
		// a generic handler class gets its type argument from its bean method
		if (result.hasUnresolvableGenerics() && beanFactory instanceof ConfigurableListableBeanFactory configurable
				&& configurable.containsBeanDefinition(beanName)) {
			return configurable.getMergedBeanDefinition(beanName)
				.getResolvableType()
				.as(QueryHandler.class)
				.getGeneric(0);
		}
		return result;
	}

	private static Map<String, List<String>> guardedControllerFields(ListableBeanFactory beanFactory) {
		Map<String, List<String>> guarded = new TreeMap<>();
		for (String beanName : beanFactory.getBeanNamesForAnnotation(Controller.class)) {
			Class<?> beanType = beanFactory.getType(beanName);
			if (beanType == null) {
				continue;
			}
			Class<?> type = ClassUtils.getUserClass(beanType);
			RequiresPermission onType = AnnotatedElementUtils.findMergedAnnotation(type, RequiresPermission.class);
			SchemaMapping typeMapping = AnnotatedElementUtils.findMergedAnnotation(type, SchemaMapping.class);
			Map<Method, SchemaMapping> mappings = MethodIntrospector.selectMethods(type,
					(MethodIntrospector.MetadataLookup<SchemaMapping>) (method) -> AnnotatedElementUtils
						.findMergedAnnotation(method, SchemaMapping.class));
			mappings.forEach((method, mapping) -> {
				RequiresPermission annotation = AnnotatedElementUtils.findMergedAnnotation(method,
						RequiresPermission.class);
				if (annotation == null) {
					annotation = onType;
				}
				if (annotation == null) {
					return;
				}
				String typeName = StringUtils.hasText(mapping.typeName()) ? mapping.typeName()
						: (typeMapping != null) ? typeMapping.typeName() : "";
				String field = StringUtils.hasText(mapping.field()) ? mapping.field() : method.getName();
				if (!QUERY.equals(typeName)) {
					throw new RootContainerException(
							"@RequiresPermission on " + type.getName() + "." + method.getName() + " guards the field '"
									+ typeName + "." + field + "', which is not a Query field.",
							"Put @RequiresPermission only on @QueryMapping methods (or on controllers whose mappings are "
									+ "all Query fields); secure other fields inside the method.");
				}
				guarded.put(field, List.of(annotation.value()));
			});
		}
		return guarded;
	}

	/**
	 * The fields of the container.
	 * @return the field names, sorted
	 */
	public Set<String> fieldNames() {
		return this.handlers.keySet();
	}

	/**
	 * The permissions a handler's field requires, any one of which is enough.
	 * @param fieldName the field
	 * @return the permission names, empty when anonymous callers may run it
	 */
	public List<String> requiredPermissions(String fieldName) {
		return registration(fieldName).requiredPermissions();
	}

	/**
	 * Every {@code Query} field requiring a permission, a handler's or a controller's.
	 * @return the permissions, any one of which is enough, by field name, sorted
	 */
	public Map<String, List<String>> guardedFields() {
		return this.guardedFields;
	}

	/**
	 * Whether a caller may run a {@code Query} field: the check a field makes before its
	 * handler or method runs, answered before anything runs.
	 * @param fieldName the field
	 * @param user the caller, signed in or not
	 * @param permissionChecker the application's checker
	 * @return {@code false} when the field requires permissions and the caller holds none
	 * of them (or is not signed in)
	 */
	public boolean allows(String fieldName, UserContext user, PermissionChecker permissionChecker) {
		List<String> required = this.guardedFields.get(fieldName);
		return required == null || required.isEmpty() || permissionChecker.isGrantedAny(user, required);
	}

	@Nullable List<String> controllerPermissions(String fieldName) {
		return this.guardedControllerFields.get(fieldName);
	}

	/**
	 * What running a root field costs: as its handler declares, else the field once plus
	 * what it selects. A negative cost (a handler's overflow) is {@link Long#MAX_VALUE},
	 * so that it is refused rather than taken as cheap.
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
