/**
 * Where sign-in keeps sessions, failed attempts and two-factor data: behind interfaces,
 * in the module's tables or, for the first two, in memory.
 */
@NullMarked
package dev.svc.graphql.signin.store;

import org.jspecify.annotations.NullMarked;
