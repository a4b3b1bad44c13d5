/**
 * The GraphQL module for Spring Boot hosts: its configuration properties
 * ({@code graphql.*}).
 */
@NullMarked
package dev.svc.graphql;

import org.jspecify.annotations.NullMarked;
