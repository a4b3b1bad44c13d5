package dev.svc.graphql.identity;

import org.jspecify.annotations.Nullable;

/**
 * Which users a {@code users} query matches; a {@code null} criterion means "any".
 *
 * @param id the user's id
 * @param name the given name, exactly
 * @param surname the family name, exactly
 * @param emailAddress the e-mail address, exactly (case-insensitive)
 * @param roleId a role the user has
 * @param organizationUnitId an organization unit the user belongs to
 * @param onlyLockedUsers when true, only users locked out now
 * @param filter a substring of the name, surname, user name or e-mail (case-insensitive)
 */
public record UserFilter(@Nullable Long id, @Nullable String name, @Nullable String surname,
		@Nullable String emailAddress, @Nullable Integer roleId, @Nullable Long organizationUnitId,
		boolean onlyLockedUsers, @Nullable String filter) {
}
