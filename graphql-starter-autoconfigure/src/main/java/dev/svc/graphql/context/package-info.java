/** Who runs a query: the user context and the resolver that reads it from the request. */
@NullMarked
package dev.svc.graphql.context;

import org.jspecify.annotations.NullMarked;
