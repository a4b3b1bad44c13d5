/**
 * The host's identity data (tenants, users, roles, organization units, permissions): the store
 * contract, its JDBC default with its own migrations, and the built-in queries over it.
 */
@NullMarked
package dev.svc.graphql.identity;

import org.jspecify.annotations.NullMarked;
