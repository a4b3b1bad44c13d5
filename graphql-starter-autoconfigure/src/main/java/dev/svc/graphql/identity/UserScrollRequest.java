package dev.svc.graphql.identity;

import org.jspecify.annotations.Nullable;

/**
 * What a users connection asks the store for, and which parts the query selected.
 *
 * @param filter which users match
 * @param sorting the order of the matching users
 * @param position the user the window follows or precedes; {@code null} at either end
 * @param forward whether the window follows the position ({@code first}/{@code after})
 * @param count how many users to return at most
 * @param totalCount whether to count the matching users
 * @param roles whether to load the roles of the window's users
 * @param organizationUnits whether to load the organization units of the window's users
 */
public record UserScrollRequest(UserFilter filter, UserSorting sorting, @Nullable UserPosition position,
		boolean forward, int count, boolean totalCount, boolean roles, boolean organizationUnits) {
}
