/**
 * Who may read the schema: the introspection rule, applied to GraphQL requests and to
 * Spring Boot's schema printer alike, and the validation messages that tell no more than
 * the rule allows.
 */
@NullMarked
package dev.svc.graphql.introspection;

import org.jspecify.annotations.NullMarked;
