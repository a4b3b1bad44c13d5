package dev.svc.graphql.container;

import java.util.List;
import java.util.stream.Collectors;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.security.PermissionChecker;
import dev.svc.graphql.security.PermissionDefinitions;
import dev.svc.graphql.security.SvcAuthorizationException;
import graphql.schema.DataFetchingEnvironment;

import org.springframework.core.ResolvableType;
import org.springframework.graphql.execution.SelfDescribingDataFetcher;

/**
 * Runs one root field: checks the required permission against the caller, then hands the query
 * context to the field's handler. It describes itself to Spring for GraphQL, so that Spring Boot's
 * schema inspection at start-up checks the handler's result type against the field's type.
 */
final class HandlerDataFetcher implements SelfDescribingDataFetcher<Object> {

	private static final UserContext ANONYMOUS_HOST = UserContext.anonymous(null);

	private final HandlerRegistration registration;

	private final PermissionChecker permissionChecker;

	private final String notGrantedMessage;

	HandlerDataFetcher(HandlerRegistration registration, PermissionChecker permissionChecker,
			PermissionDefinitions permissions) {
		this.registration = registration;
		this.permissionChecker = permissionChecker;
		this.notGrantedMessage = "Required permissions are not granted. At least one of these permissions must be granted: "
				+ registration.requiredPermissions()
					.stream()
					.map(permissions::displayNameOf)
					.collect(Collectors.joining(", "));
	}

	@Override
	public String getDescription() {
		return "QueryHandler " + this.registration.type().getName() + " (bean '" + this.registration.beanName() + "')";
	}

	@Override
	public ResolvableType getReturnType() {
		return ResolvableType.forClass(this.registration.type()).as(QueryHandler.class).getGeneric(0);
	}

	@Override
	public Object get(DataFetchingEnvironment environment) {
		UserContext user = environment.getGraphQlContext().getOrDefault(UserContext.class, ANONYMOUS_HOST);
		authorize(user);
		QueryContext context = new QueryContext(user, environment.getArguments(),
				new DocumentSelectionSet(environment), environment.getVariables(), environment.getDataLoaderRegistry());
		return this.registration.handler().resolve(context);
	}

	private void authorize(UserContext user) {
		List<String> required = this.registration.requiredPermissions();
		if (required.isEmpty()) {
			return;
		}
		if (!user.isAuthenticated()) {
			throw new SvcAuthorizationException("Current user did not login to the application!");
		}
		for (String permission : required) {
			if (this.permissionChecker.isGranted(user, permission)) {
				return;
			}
		}
		throw new SvcAuthorizationException(this.notGrantedMessage);
	}

}
