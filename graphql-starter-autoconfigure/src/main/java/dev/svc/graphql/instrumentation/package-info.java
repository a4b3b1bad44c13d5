/**
 * The module's part in graphql-java's instrumentation: what it does once a request
 * (choose the caller's schema, check the limits) runs around the host's instrumentation
 * chain and outside it, so that no field of any request pays for it.
 */
@NullMarked
package dev.svc.graphql.instrumentation;

import org.jspecify.annotations.NullMarked;
