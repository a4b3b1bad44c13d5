package dev.svc.graphql.context;

import org.springframework.graphql.server.WebGraphQlRequest;

/**
 * Every caller is anonymous, in the {@value UserContextResolver#TENANT_HEADER} header's
 * tenant, or the host when it is absent or not a number.
 */
final class AnonymousUserContextResolver implements UserContextResolver {

	static final AnonymousUserContextResolver INSTANCE = new AnonymousUserContextResolver();

	@Override
	public UserContext resolve(WebGraphQlRequest request) {
		String header = request.getHeaders().getFirst(TENANT_HEADER);
		Integer tenantId = null;
		if (header != null && !header.isBlank()) {
			try {
				tenantId = Integer.valueOf(header.trim());
			}
			catch (NumberFormatException ex) {
				// not a tenant id: the call runs for the host, as with no header
			}
		}
		return UserContext.anonymous(tenantId);
	}

}
