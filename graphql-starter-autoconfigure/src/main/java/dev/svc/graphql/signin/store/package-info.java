/**
 * Where sign-in keeps sessions, failed attempts and two-factor data: behind interfaces,
 * in the module's tables.
 */
@NullMarked
package dev.svc.graphql.signin.store;

import org.jspecify.annotations.NullMarked;
