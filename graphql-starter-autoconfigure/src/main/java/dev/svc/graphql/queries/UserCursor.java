package dev.svc.graphql.queries;

import dev.svc.graphql.identity.UserPosition;
import dev.svc.graphql.identity.UserSorting;

/**
 * A {@code usersConnection} cursor; its sorting, so that it is not taken for another's.
 *
 * @param sorting the sorting of the cursor's page
 * @param position the user's position in it
 */
record UserCursor(UserSorting sorting, UserPosition position) {
}
