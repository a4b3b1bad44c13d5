package dev.svc.graphql.identity;

import java.util.List;

/**
 * Users next to each other in a sorting, each with its position.
 *
 * @param users the users, in the sorting's order whichever way the window was read
 * @param positions the position of each user, in the same order
 * @param hasMore whether more users follow in the direction read (backward: before it)
 * @param totalCount how many users match, whatever the window; 0 when not asked for
 */
public record UserWindow(List<User> users, List<UserPosition> positions, boolean hasMore, int totalCount) {

	/**
	 * Checks that users and positions go in pairs.
	 * @param users the users
	 * @param positions the position of each user
	 * @param hasMore whether more users follow
	 * @param totalCount how many users match
	 * @throws IllegalArgumentException when there are not as many positions as users
	 */
	public UserWindow {
		if (users.size() != positions.size()) {
			throw new IllegalArgumentException(users.size() + " users but " + positions.size() + " positions");
		}
		users = List.copyOf(users);
		positions = List.copyOf(positions);
	}

}
