package dev.svc.graphql.identity;

/**
 * What a {@code users} query asks the store for, and which parts the query selected, so
 * that the store loads nothing else.
 *
 * @param filter which users match
 * @param sorting the order of the matching users
 * @param skipCount how many matching users to skip
 * @param maxResultCount how many users to return at most; 0 when no items are selected
 * @param totalCount whether to count the matching users
 * @param roles whether to load the roles of the page's users
 * @param organizationUnits whether to load the organization units of the page's users
 */
public record UserPageRequest(UserFilter filter, UserSorting sorting, int skipCount, int maxResultCount,
		boolean totalCount, boolean roles, boolean organizationUnits) {
}
