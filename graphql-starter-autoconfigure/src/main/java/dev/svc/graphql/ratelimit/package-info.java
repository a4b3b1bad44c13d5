/**
 * The counters that every instance of the application shares: the sign-in throttle, the
 * two-factor code sends, the anonymous audit quota and the cost-weighted rate limits, as
 * Bucket4j token buckets in Redis when the host has Spring Boot's Redis, else in the
 * module's table of its database.
 */
@NullMarked
package dev.svc.graphql.ratelimit;

import org.jspecify.annotations.NullMarked;
