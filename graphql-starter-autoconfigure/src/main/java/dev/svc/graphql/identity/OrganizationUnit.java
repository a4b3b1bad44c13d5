package dev.svc.graphql.identity;

import org.jspecify.annotations.Nullable;

/**
 * A node of a tenant's organization tree. Its code is the path of 5-digit parts from the
 * root, joined by dots, for example {@code 00001.00002}.
 *
 * @param id the unit's id
 * @param code the tree code
 * @param displayName what users read
 * @param parentId the parent unit, {@code null} for a root
 * @param tenantId its tenant, {@code null} for the host
 */
public record OrganizationUnit(long id, String code, String displayName, @Nullable Long parentId,
		@Nullable Integer tenantId) {
}
