/**
 * The host's identity data (tenants, users, roles, organization units, permissions): the
 * store contracts ({@code IdentityStore} reading it, {@code CredentialStore} for the
 * credentials sign-in checks and writes), their JDBC defaults and their own migrations,
 * kept apart from the host's.
 */
@NullMarked
package dev.svc.graphql.identity;

import org.jspecify.annotations.NullMarked;
