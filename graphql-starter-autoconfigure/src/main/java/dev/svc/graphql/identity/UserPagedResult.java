package dev.svc.graphql.identity;

import java.util.List;

/**
 * One page of users.
 *
 * @param totalCount how many users match, before paging
 * @param items the users of the page
 */
public record UserPagedResult(int totalCount, List<User> items) {
}
