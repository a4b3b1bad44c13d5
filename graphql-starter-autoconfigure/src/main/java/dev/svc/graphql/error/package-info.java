/** How failures reach clients: user-facing exceptions and their codes. */
@NullMarked
package dev.svc.graphql.error;

import org.jspecify.annotations.NullMarked;
