/**
 * The token sign-in: {@code /api/TokenAuth/Authenticate} answers JWT access tokens that
 * the GraphQL endpoint accepts as bearer tokens.
 */
@NullMarked
package dev.svc.graphql.signin.token;

import org.jspecify.annotations.NullMarked;
