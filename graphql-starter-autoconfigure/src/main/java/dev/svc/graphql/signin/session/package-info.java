/**
 * Sign-in sessions, what token and cookie sessions share: the session store, the cache of
 * their checks, and the filter that ends a revoked cookie session.
 */
@NullMarked
package dev.svc.graphql.signin.session;

import org.jspecify.annotations.NullMarked;
