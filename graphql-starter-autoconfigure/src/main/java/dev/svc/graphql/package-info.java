/** The GraphQL module for Spring Boot hosts: its {@code graphql.*} properties. */
@NullMarked
package dev.svc.graphql;

import org.jspecify.annotations.NullMarked;
