/**
 * The GraphQL endpoint over HTTP: what the module adds to Spring Boot's endpoint, and the
 * endpoint's own security filter chain.
 */
@NullMarked
package dev.svc.graphql.web;

import org.jspecify.annotations.NullMarked;
