package dev.svc.graphql.security;

import java.util.List;

/**
 * A permission and the name users see for it; declare a bean for each one a host adds.
 *
 * @param name the permission's name, for example {@code "Pages.Administration.Users"}
 * @param displayName what users read, for example {@code "Users"}
 */
public record PermissionDefinition(String name, String displayName) {

	/** Any of the administration pages, the samples' actuator endpoints among them. */
	public static final String ADMINISTRATION = "Pages.Administration";

	/** Lists users, their roles and organization units. */
	public static final String USERS = "Pages.Administration.Users";

	/** Lists roles. */
	public static final String ROLES = "Pages.Administration.Roles";

	/** Lists organization units. */
	public static final String ORGANIZATION_UNITS = "Pages.Administration.OrganizationUnits";

	/** Reads the audit log. */
	public static final String AUDIT_LOGS = "Pages.Administration.AuditLogs";

	/**
	 * The administration pages' permissions, which the built-in queries require.
	 * @return the definitions
	 */
	public static List<PermissionDefinition> administration() {
		return List.of(new PermissionDefinition("Pages", "Pages"),
				new PermissionDefinition(ADMINISTRATION, "Administration"), new PermissionDefinition(ROLES, "Roles"),
				new PermissionDefinition(USERS, "Users"),
				new PermissionDefinition(ORGANIZATION_UNITS, "Organization Units"),
				new PermissionDefinition(AUDIT_LOGS, "Audit logs"));
	}

}
