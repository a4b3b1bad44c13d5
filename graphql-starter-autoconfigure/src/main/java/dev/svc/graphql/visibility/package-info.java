/**
 * Which schema each caller sees: the {@code Query} fields whose permissions the caller
 * does not hold are left out of it, and so are the types only they reach, for
 * introspection, validation and Spring Boot's schema printer alike.
 */
@NullMarked
package dev.svc.graphql.visibility;

import org.jspecify.annotations.NullMarked;
