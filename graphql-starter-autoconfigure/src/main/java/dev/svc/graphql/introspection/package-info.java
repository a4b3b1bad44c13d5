/**
 * Who may read the schema: the introspection rule, for requests and the schema printer,
 * and validation messages that tell no more than it allows.
 */
@NullMarked
package dev.svc.graphql.introspection;

import org.jspecify.annotations.NullMarked;
