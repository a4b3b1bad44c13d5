package dev.svc.graphql.queries;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import dev.svc.graphql.error.BadUserInputException;
import dev.svc.graphql.handler.QueryContext;
import dev.svc.graphql.handler.QueryHandler;
import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.User;
import dev.svc.graphql.identity.UserPosition;
import dev.svc.graphql.identity.UserScrollRequest;
import dev.svc.graphql.identity.UserSorting;
import dev.svc.graphql.identity.UserWindow;
import dev.svc.graphql.security.PermissionDefinition;
import graphql.relay.DefaultConnectionCursor;
import graphql.relay.DefaultEdge;
import graphql.relay.DefaultPageInfo;
import graphql.relay.Edge;
import org.jspecify.annotations.Nullable;

import org.springframework.graphql.data.pagination.CursorStrategy;

/**
 * {@code usersConnection(...)}: {@code users} as a Relay connection paged by keyset
 * cursors. A cursor holds its user's sort keys, so the next page is found through an
 * index, not by counting: a deep page costs what the first does, and users added or
 * removed meanwhile make no other user appear twice or not at all.
 */
@RequiresPermission(PermissionDefinition.USERS)
final class UsersConnectionQueryHandler implements QueryHandler<UserConnection> {

	static final int MAX_COUNT = UsersQueryHandler.MAX_RESULT_COUNT;

	/** The page's size without {@code first} or {@code last}, as for {@code users}. */
	static final int DEFAULT_COUNT = 10;

	private final IdentityStore store;

	private final CursorStrategy<UserCursor> cursors;

	UsersConnectionQueryHandler(IdentityStore store) {
		this.store = store;
		this.cursors = CursorStrategy.withEncoder(new UserCursorStrategy(), new CheckedCursorEncoder());
	}

	@Override
	public String fieldName() {
		return "usersConnection";
	}

	/**
	 * Each user of the page ({@code first} or {@code last}) costs what it selects; a page
	 * {@link #resolve} refuses costs nothing, so its own {@code BAD_USER_INPUT} answers,
	 * not the cost limit.
	 */
	@Override
	public long cost(Map<String, Object> arguments, long selectionCost) {
		Object first = arguments.get("first");
		Object last = arguments.get("last");
		if (first != null && last != null) {
			return 0;
		}
		long count = (first != null) ? size(first) : (last != null) ? size(last) : DEFAULT_COUNT;
		return (count < 0 || count > MAX_COUNT) ? 0 : QueryHandler.costOfItems(count, selectionCost);
	}

	private static long size(@Nullable Object argument) {
		return (argument instanceof Number number) ? number.longValue() : 0;
	}

	@Override
	public UserConnection resolve(QueryContext context) {
		Integer first = context.argument("first", Integer.class);
		Integer last = context.argument("last", Integer.class);
		String after = context.argument("after", String.class);
		String before = context.argument("before", String.class);
		if (first != null && last != null) {
			throw new BadUserInputException("Send first or last, not both: first pages forward (after the cursor in"
					+ " after), last backward (before the cursor in before).");
		}
		if (after != null && before != null) {
			throw new BadUserInputException("Send after or before, not both: first pages forward after the cursor in"
					+ " after, last backward before the cursor in before.");
		}
		if ((first != null && before != null) || (last != null && after != null)) {
			throw new BadUserInputException("first pages forward and goes with after; last pages backward and goes"
					+ " with before. Send first with after, or last with before.");
		}
		boolean forward = last == null && before == null;
		String sizeName = forward ? "first" : "last";
		Integer size = forward ? first : last;
		int count = (size != null) ? size : DEFAULT_COUNT;
		if (count < 0 || count > MAX_COUNT) {
			throw new BadUserInputException(sizeName + " must be between 0 and " + MAX_COUNT + ", got " + count
					+ ". Page through more users with the cursor in pageInfo.");
		}
		UserSorting sorting = UserArguments.sorting(context);
		String cursor = forward ? after : before;
		UserPosition position = (cursor != null) ? position(forward ? "after" : "before", cursor, sorting) : null;
		UserWindow window = this.store.scrollUsers(context.user().tenantId(),
				new UserScrollRequest(UserArguments.filter(context), sorting, position, forward, count,
						context.isSelected("totalCount"), context.isSelected("edges/node/roles"),
						context.isSelected("edges/node/organizationUnits")));
		List<Edge<User>> edges = new ArrayList<>(window.users().size());
		for (int i = 0; i < window.users().size(); i++) {
			String edgeCursor = this.cursors.toCursor(new UserCursor(sorting, window.positions().get(i)));
			edges.add(new DefaultEdge<>(window.users().get(i), new DefaultConnectionCursor(edgeCursor)));
		}
		// as Spring for GraphQL's keyset windows: a page from a cursor has one before it
		// (forward) or after it (backward), without a statement to make sure
		boolean hasPrevious = forward ? position != null : window.hasMore();
		boolean hasNext = forward ? window.hasMore() : position != null;
		DefaultPageInfo pageInfo = new DefaultPageInfo(edges.isEmpty() ? null : edges.get(0).getCursor(),
				edges.isEmpty() ? null : edges.get(edges.size() - 1).getCursor(), hasPrevious, hasNext);
		return new UserConnection(edges, pageInfo, window.totalCount());
	}

	private UserPosition position(String argument, String cursorText, UserSorting sorting) {
		UserCursor cursor;
		try {
			cursor = this.cursors.fromCursor(cursorText);
		}
		catch (IllegalArgumentException ex) {
			throw new BadUserInputException("Argument '" + argument + "' is not a cursor of usersConnection, or it was"
					+ " changed. Send the cursor of an edge or of pageInfo from an earlier page, as it came, or leave "
					+ argument + " out to start from the " + (argument.equals("after") ? "beginning." : "end."));
		}
		if (!cursor.sorting().equals(sorting)) {
			throw new BadUserInputException("The cursor in '" + argument + "' is one of the sorting '"
					+ cursor.sorting().text() + "', but this query sorts by '" + sorting.text()
					+ "'. Send a cursor of a page with the same sorting, or leave " + argument
					+ " out to start from the " + (argument.equals("after") ? "beginning." : "end."));
		}
		return cursor.position();
	}

}
