/**
 * The handler contract for a host's query fields; handler authors need this package only.
 */
@NullMarked
package dev.svc.graphql.handler;

import org.jspecify.annotations.NullMarked;
