/**
 * How failures reach clients: user-facing exceptions and their {@code extensions.code},
 * the one place that maps errors.
 */
@NullMarked
package dev.svc.graphql.error;

import org.jspecify.annotations.NullMarked;
