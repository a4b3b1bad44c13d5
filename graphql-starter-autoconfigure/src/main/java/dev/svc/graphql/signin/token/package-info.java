/** The token sign-in: JWT access tokens the GraphQL endpoint accepts as bearer tokens. */
@NullMarked
package dev.svc.graphql.signin.token;

import org.jspecify.annotations.NullMarked;
