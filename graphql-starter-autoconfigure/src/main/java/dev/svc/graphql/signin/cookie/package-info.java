/** The cookie sign-in: a form or JSON login post that keeps the user in the session. */
@NullMarked
package dev.svc.graphql.signin.cookie;

import org.jspecify.annotations.NullMarked;
