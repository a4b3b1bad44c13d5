/** The playground: GraphiQL, bundled into the jar, with no request to another origin. */
@NullMarked
package dev.svc.graphql.playground;

import org.jspecify.annotations.NullMarked;
