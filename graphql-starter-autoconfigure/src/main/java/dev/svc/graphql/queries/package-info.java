/** The built-in queries over the identity data, each guarded by its permission. */
@NullMarked
package dev.svc.graphql.queries;

import org.jspecify.annotations.NullMarked;
