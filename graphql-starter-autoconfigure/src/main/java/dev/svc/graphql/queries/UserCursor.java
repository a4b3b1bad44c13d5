package dev.svc.graphql.queries;

import dev.svc.graphql.identity.UserPosition;
import dev.svc.graphql.identity.UserSorting;

/**
 * What a {@code usersConnection} cursor holds: a user's position, and the sorting it is a
 * position in, so that a cursor of one sorting is not taken for one of another.
 *
 * @param sorting the sorting of the page the cursor came from
 * @param position the user's position in it
 */
record UserCursor(UserSorting sorting, UserPosition position) {
}
