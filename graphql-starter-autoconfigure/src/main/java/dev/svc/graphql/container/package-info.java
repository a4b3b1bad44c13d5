/**
 * The root container: the {@code Query} fields of the one schema and the handler beans
 * that serve them, wired into Spring Boot's GraphQL auto-configuration.
 */
@NullMarked
package dev.svc.graphql.container;

import org.jspecify.annotations.NullMarked;
