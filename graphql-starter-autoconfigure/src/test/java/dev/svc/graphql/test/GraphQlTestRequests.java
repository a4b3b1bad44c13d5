package dev.svc.graphql.test;

import java.util.Map;

import dev.svc.graphql.context.UserContext;

import org.springframework.graphql.ExecutionGraphQlRequest;
import org.springframework.graphql.ExecutionGraphQlResponse;
import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.support.DefaultExecutionGraphQlRequest;

/**
 * Runs a query through the execution service, as the web layer would, with a given
 * caller.
 */
public final class GraphQlTestRequests {

	private GraphQlTestRequests() {
	}

	public static ExecutionGraphQlResponse execute(ExecutionGraphQlService service, String document, UserContext user) {
		return execute(service, document, Map.of(), user);
	}

	public static ExecutionGraphQlResponse execute(ExecutionGraphQlService service, String document,
			Map<String, Object> variables, UserContext user) {
		ExecutionGraphQlRequest request = new DefaultExecutionGraphQlRequest(document, null, variables, null, "test",
				null);
		request.configureExecutionInput(
				(input, builder) -> builder.graphQLContext((context) -> context.put(UserContext.class, user)).build());
		return service.execute(request).block();
	}

}
