package dev.svc.graphql.container;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.security.PermissionChecker;
import graphql.schema.DataFetchingEnvironment;

import org.springframework.core.ResolvableType;
import org.springframework.graphql.execution.SelfDescribingDataFetcher;

/**
 * Runs one root field after its permission check; self-describing, so that Boot's schema
 * inspection checks the handler's result type against the field's.
 */
final class HandlerDataFetcher implements SelfDescribingDataFetcher<Object> {

	private static final UserContext ANONYMOUS_HOST = UserContext.anonymous(null);

	private final HandlerRegistration registration;

	private final FieldAuthorization authorization;

	HandlerDataFetcher(HandlerRegistration registration, PermissionChecker permissionChecker,
			PermissionDefinitions permissions) {
		this.registration = registration;
		this.authorization = new FieldAuthorization(registration.requiredPermissions(), permissionChecker, permissions);
	}

	@Override
	public String getDescription() {
		return "QueryHandler " + this.registration.type().getName() + " (bean '" + this.registration.beanName() + "')";
	}

	@Override
	public ResolvableType getReturnType() {
		return this.registration.resultType();
	}

	@Override
	public Object get(DataFetchingEnvironment environment) {
		UserContext user = environment.getGraphQlContext().getOrDefault(UserContext.class, ANONYMOUS_HOST);
		this.authorization.authorize(user);
		QueryContext context = new QueryContext(user, environment.getArguments(), new DocumentSelectionSet(environment),
				environment.getVariables(), environment.getDataLoaderRegistry());
		return this.registration.handler().resolve(context);
	}

}
