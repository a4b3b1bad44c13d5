package dev.svc.graphql.identity;

import org.jspecify.annotations.Nullable;

/**
 * What a users connection asks the store for: which users, in which order, how many of
 * them from where, and which parts of the result the query selected.
 *
 * @param filter which users match
 * @param sorting the order of the matching users
 * @param position the user the window starts after (forward) or ends before (backward);
 * {@code null} for the start or the end of the list
 * @param forward whether the window follows the position ({@code first}/{@code after}) or
 * precedes it ({@code last}/{@code before})
 * @param count how many users to return at most
 * @param totalCount whether to count the matching users
 * @param roles whether to load the roles of the window's users
 * @param organizationUnits whether to load the organization units of the window's users
 */
public record UserScrollRequest(UserFilter filter, UserSorting sorting, @Nullable UserPosition position,
		boolean forward, int count, boolean totalCount, boolean roles, boolean organizationUnits) {
}
