/**
 * Permissions: their catalog, the checker behind every handler's check, and Spring
 * Security authorization by permission for a host's own paths.
 */
@NullMarked
package dev.svc.graphql.security;

import org.jspecify.annotations.NullMarked;
