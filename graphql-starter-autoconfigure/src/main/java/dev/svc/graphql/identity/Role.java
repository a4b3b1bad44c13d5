package dev.svc.graphql.identity;

import java.time.OffsetDateTime;

import org.jspecify.annotations.Nullable;

/**
 * A role of the host ({@code tenantId} null) or of a tenant.
 *
 * @param id the role's id
 * @param name the unique name within its tenant
 * @param displayName what users read
 * @param isStatic whether the role is built in and undeletable
 * @param isDefault whether new users get it
 * @param creationTime when it was created
 * @param tenantId its tenant, {@code null} for the host
 */
public record Role(int id, String name, String displayName, boolean isStatic, boolean isDefault,
		OffsetDateTime creationTime, @Nullable Integer tenantId) {
}
