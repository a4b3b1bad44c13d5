/** The root container: the {@code Query} fields and the handler beans serving them. */
@NullMarked
package dev.svc.graphql.container;

import org.jspecify.annotations.NullMarked;
