/**
 * Signing users of the identity data in, independent of the GraphQL endpoint switch,
 * without changing how the host signs its own users in.
 */
@NullMarked
package dev.svc.graphql.signin;

import org.jspecify.annotations.NullMarked;
