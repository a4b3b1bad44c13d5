package dev.svc.graphql.queries;

import java.util.List;

import dev.svc.graphql.identity.User;
import graphql.relay.DefaultConnection;
import graphql.relay.Edge;
import graphql.relay.PageInfo;

/** Relay's edges and page info, and the count of the matching users. */
final class UserConnection extends DefaultConnection<User> {

	private final int totalCount;

	UserConnection(List<Edge<User>> edges, PageInfo pageInfo, int totalCount) {
		super(edges, pageInfo);
		this.totalCount = totalCount;
	}

	int getTotalCount() {
		return this.totalCount;
	}

}
