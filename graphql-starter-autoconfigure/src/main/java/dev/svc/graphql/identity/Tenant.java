package dev.svc.graphql.identity;

/**
 * A tenant of the application.
 *
 * @param id the tenant's id
 * @param tenancyName the unique name users type to sign in to it
 * @param name its display name
 * @param isActive whether its users may sign in
 */
public record Tenant(int id, String tenancyName, String name, boolean isActive) {
}
