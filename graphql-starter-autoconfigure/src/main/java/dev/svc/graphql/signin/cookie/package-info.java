/**
 * The cookie sign-in: a login post, as a form or as JSON, that keeps the signed-in user
 * in the session.
 */
@NullMarked
package dev.svc.graphql.signin.cookie;

import org.jspecify.annotations.NullMarked;
