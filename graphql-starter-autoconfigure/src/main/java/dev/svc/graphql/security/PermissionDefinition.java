package dev.svc.graphql.security;

import java.util.List;

/**
 * A permission and the name users see for it, for example in the "not granted" error.
 * Declare a bean of this type for each permission a host adds.
 *
 * @param name the permission's name, for example {@code "Pages.Administration.Users"}
 * @param displayName what users read, for example {@code "Users"}
 */
public record PermissionDefinition(String name, String displayName) {

	/**
	 * Any of the administration pages, the actuator endpoints of the samples among them.
	 */
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
	 * The permissions of the product's administration pages, which the built-in queries
	 * and the audit-log sample require.
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
