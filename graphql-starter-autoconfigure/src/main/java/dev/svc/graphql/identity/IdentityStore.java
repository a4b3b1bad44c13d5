package dev.svc.graphql.identity;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.jspecify.annotations.Nullable;

/**
 * Access to the host's identity data. Every query method is scoped to one tenant
 * ({@code null} for the host) and never returns rows of another. The module's default keeps the
 * {@code svc_*} tables over JDBC; declare a bean of this type to read another store. The few
 * writes that signing in needs have defaults for a read-only store: a hash is then never
 * upgraded, and a user who must change its password cannot sign in.
 */
public interface IdentityStore {

	/**
	 * Roles of a tenant.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param id only the role with this id, or {@code null}
	 * @param name only the role with this name, or {@code null}
	 * @return the roles, by id
	 */
	List<Role> findRoles(@Nullable Integer tenantId, @Nullable Integer id, @Nullable String name);

	/**
	 * Organization units of a tenant.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param id only the unit with this id, or {@code null}
	 * @param code only the unit with this code, or {@code null}
	 * @return the units, by code
	 */
	List<OrganizationUnit> findOrganizationUnits(@Nullable Integer tenantId, @Nullable Long id, @Nullable String code);

	/**
	 * A page of the users of a tenant, with what the query selected: the count of the matching
	 * users, and the roles and organization units of the page's users. A store should answer it
	 * with a fixed number of statements whatever the page's size.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param request which users, which page, which parts
	 * @return the page; its {@code totalCount} is 0 when it was not asked for, and its users'
	 * roles and units are empty lists when they were not asked for
	 */
	UserPagedResult findUsers(@Nullable Integer tenantId, UserPageRequest request);

	/**
	 * The effective permissions of a user: those granted to its roles, including the roles of its
	 * organization units, plus those granted to the user, minus those prohibited to the user.
	 * @param userId the user
	 * @return the permission names
	 */
	Set<String> findGrantedPermissions(long userId);

	/**
	 * A tenant by its id.
	 * @param id the tenant's id
	 * @return the tenant, if any
	 */
	Optional<Tenant> findTenant(int id);

	/**
	 * A tenant by the name users type to sign in to it.
	 * @param tenancyName the name, case-insensitive
	 * @return the tenant, if any
	 */
	Optional<Tenant> findTenantByName(String tenancyName);

	/**
	 * The sign-in data of a user of a tenant, found by user name or e-mail address.
	 * @param tenantId the tenant, {@code null} for the host
	 * @param userNameOrEmailAddress the user name or the e-mail address, case-insensitive
	 * @return the credentials, if the user exists
	 */
	Optional<UserCredentials> findCredentials(@Nullable Integer tenantId, String userNameOrEmailAddress);

	/**
	 * Replaces a user's password hash by a stronger hash of the same password, after a
	 * successful sign-in. The password stays the same, so nothing that a password change ends
	 * (sessions, tokens) may end. A store that cannot write keeps the hash it has.
	 * @param userId the user
	 * @param currentHash the hash the sign-in checked; a hash changed since is left as it is
	 * @param upgradedHash the new hash of the same password
	 * @return whether the hash was replaced
	 */
	default boolean upgradePasswordHash(long userId, String currentHash, String upgradedHash) {
		return false;
	}

	/**
	 * Keeps the digest of a one-time password reset code for a user who must change its password,
	 * replacing any earlier code of the user.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param expiry when the code stops working
	 */
	default void savePasswordResetCode(long userId, String codeDigest, Instant expiry) {
		throw new UnsupportedOperationException("This identity store keeps no password reset codes, "
				+ "so its users who must change their passwords cannot sign in");
	}

	/**
	 * The sign-in data of the user a password reset code was issued to, while the code works.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param now the time
	 * @return the credentials, if the user has that code and it has not expired
	 */
	default Optional<UserCredentials> findCredentialsByResetCode(long userId, String codeDigest, Instant now) {
		return Optional.empty();
	}

	/**
	 * Sets a new password with a reset code, once: the code stops working, the user no longer
	 * must change its password, and its failed sign-ins are forgotten.
	 * @param userId the user
	 * @param codeDigest the SHA-256 digest of the code, in hex
	 * @param now the time
	 * @param passwordHash the new password's hash
	 * @return whether the code still worked and the password was set
	 */
	default boolean resetPassword(long userId, String codeDigest, Instant now, String passwordHash) {
		return false;
	}

}
