/**
 * The built-in queries over the identity data: {@code roles}, {@code organizationUnits},
 * {@code users} and its connection {@code usersConnection}, each guarded by its
 * permission.
 */
@NullMarked
package dev.svc.graphql.queries;

import org.jspecify.annotations.NullMarked;
