package dev.svc.graphql.identity;

import java.time.OffsetDateTime;
import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * A user of the host or of a tenant. Its roles and organization units are filled only
 * when the query selects them.
 *
 * @param id the user's id
 * @param userName the sign-in name
 * @param name the given name
 * @param surname the family name
 * @param emailAddress the e-mail address
 * @param phoneNumber the phone number, may be {@code null}
 * @param isActive whether the user may sign in
 * @param isEmailConfirmed whether the e-mail address is confirmed
 * @param creationTime when the user was created
 * @param tenantId its tenant, {@code null} for the host
 * @param roles the roles assigned to the user
 * @param organizationUnits the organization units the user belongs to
 */
public record User(long id, String userName, String name, String surname, String emailAddress,
		@Nullable String phoneNumber, boolean isActive, boolean isEmailConfirmed, OffsetDateTime creationTime,
		@Nullable Integer tenantId, List<Role> roles, List<OrganizationUnit> organizationUnits) {

	/**
	 * This user with its roles and organization units.
	 * @param roles the roles
	 * @param organizationUnits the organization units
	 * @return a copy
	 */
	public User with(List<Role> roles, List<OrganizationUnit> organizationUnits) {
		return new User(this.id, this.userName, this.name, this.surname, this.emailAddress, this.phoneNumber,
				this.isActive, this.isEmailConfirmed, this.creationTime, this.tenantId, roles, organizationUnits);
	}

}
