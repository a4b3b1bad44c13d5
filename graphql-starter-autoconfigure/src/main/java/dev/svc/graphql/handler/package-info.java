/**
 * The handler contract: what a host implements to add a query field, and what its handler
 * gets for one call. Handler authors need this package only.
 */
@NullMarked
package dev.svc.graphql.handler;

import org.jspecify.annotations.NullMarked;
