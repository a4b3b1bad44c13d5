/**
 * The audit log: the record, the writer a host may replace, and the {@code auditLogs}
 * query over it.
 */
@NullMarked
package dev.svc.graphql.audit;

import org.jspecify.annotations.NullMarked;
