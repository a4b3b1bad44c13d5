package dev.svc.graphql.audit;

import java.time.OffsetDateTime;

import org.jspecify.annotations.Nullable;

/**
 * One entry of the audit log: who did what, when, and how long it took.
 *
 * @param tenantId the tenant, {@code null} for the host
 * @param userId the signed-in user, {@code null} when anonymous
 * @param serviceName what was called, such as {@code GraphQL} or {@code Authentication}
 * @param methodName the operation, for example {@code query} or {@code SignIn}
 * @param parameters a short description of the input; never a secret
 * @param executionTime when it started
 * @param executionDuration how long it took, in milliseconds
 * @param clientIpAddress the caller's address, may be {@code null}
 * @param browserInfo the caller's user agent, may be {@code null}
 * @param exception the failure, {@code null} on success
 */
public record AuditRecord(@Nullable Integer tenantId, @Nullable Long userId, String serviceName,
		@Nullable String methodName, @Nullable String parameters, OffsetDateTime executionTime, int executionDuration,
		@Nullable String clientIpAddress, @Nullable String browserInfo, @Nullable String exception) {
}
