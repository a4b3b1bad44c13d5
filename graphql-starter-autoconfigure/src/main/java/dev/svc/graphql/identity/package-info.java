/**
 * The identity data: the store contracts for queries and for sign-in, their JDBC defaults
 * and their migrations, kept apart from the host's.
 */
@NullMarked
package dev.svc.graphql.identity;

import org.jspecify.annotations.NullMarked;
