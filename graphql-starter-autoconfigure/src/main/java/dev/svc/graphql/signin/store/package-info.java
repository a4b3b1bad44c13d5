/**
 * Where sign-in keeps its state: sessions, failed attempts and two-factor data, each
 * behind an interface with a JDBC implementation over the module's tables and, for the
 * first two, one in memory.
 */
@NullMarked
package dev.svc.graphql.signin.store;

import org.jspecify.annotations.NullMarked;
