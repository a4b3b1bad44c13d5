/**
 * Which schema each caller sees: without the {@code Query} fields it lacks permission for
 * and the types only they reach.
 */
@NullMarked
package dev.svc.graphql.visibility;

import org.jspecify.annotations.NullMarked;
