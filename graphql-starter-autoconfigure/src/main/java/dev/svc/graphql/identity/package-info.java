/**
 * The host's identity data (tenants, users, roles, organization units, permissions): the store
 * contracts (reading it, and the credentials sign-in checks), its JDBC default and its own
 * migrations, kept apart from the host's.
 */
@NullMarked
package dev.svc.graphql.identity;

import org.jspecify.annotations.NullMarked;
