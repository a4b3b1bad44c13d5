/**
 * The password check and the lockout: the one attempt budget every check of a secret
 * spends from, the failed attempts' store, password hashing, a sign-in's input and its
 * one outcome model, and the audit records of sign-ins. The ground floor of sign-in: the
 * other rooms use it, it uses none of them.
 */
@NullMarked
package dev.svc.graphql.signin.password;

import org.jspecify.annotations.NullMarked;
