/**
 * The playground: GraphiQL, bundled into the module's jar at build time and served from
 * it, with no request to any other origin.
 */
@NullMarked
package dev.svc.graphql.playground;

import org.jspecify.annotations.NullMarked;
