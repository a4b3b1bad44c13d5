package dev.svc.graphql.security;

import java.util.Set;
import java.util.stream.Stream;

import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.FactorGrantedAuthority;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A permission lets a user in within its tenant; on the host only, a host user alone,
 * whatever a tenant's user holds.
 */
class PermissionAuthorizationTests {

	private final PermissionAuthorization permissions = new PermissionAuthorization(
			(user) -> Set.of(PermissionDefinition.ADMINISTRATION, PermissionDefinition.USERS),
			PermissionChecker.fromUserContext(), Set.of(PermissionDefinition.USERS));

	@Test
	void shouldLetInOnTheHostOnlyHostUsersHoldingThePermission() {
		AuthorizationManager<Object> onHost = this.permissions.requireOnHost(PermissionDefinition.ADMINISTRATION);
		assertThat(isGranted(onHost, signedIn(null))).isTrue();
		assertThat(isGranted(onHost, signedIn(2))).as("a tenant's administrator").isFalse();
		assertThat(isGranted(this.permissions.requireOnHost(PermissionDefinition.USERS), signedIn(null))).isFalse();
		assertThat(isGranted(onHost, null)).isFalse();
	}

	@Test
	void shouldLetInUsersOfEveryTenantHoldingThePermission() {
		AuthorizationManager<Object> anywhere = this.permissions.require(PermissionDefinition.ADMINISTRATION);
		assertThat(isGranted(anywhere, signedIn(null))).isTrue();
		assertThat(isGranted(anywhere, signedIn(2))).isTrue();
	}

	@Test
	void shouldLetInToAPermissionReservedForPasskeysOnlyThoseSignedInWithOne() {
		AuthorizationManager<Object> users = this.permissions.require(PermissionDefinition.USERS);
		assertThat(isGranted(users, signedIn(null))).as("a password's sign-in").isFalse();
		assertThat(isGranted(users, byPasskey(FactorGrantedAuthority.WEBAUTHN_AUTHORITY))).isTrue();
		assertThat(isGranted(users,
				authenticated(new SignedInUser(1, null, "admin"), FactorGrantedAuthority.PASSWORD_AUTHORITY,
						FactorGrantedAuthority.WEBAUTHN_AUTHORITY)))
			.as("a passkey's factor copied from another authentication, as Spring Security's filters copy them")
			.isFalse();
		assertThat(isGranted(this.permissions.require(PermissionDefinition.ADMINISTRATION), signedIn(null)))
			.as("a permission not reserved")
			.isTrue();
	}

	private static boolean isGranted(AuthorizationManager<Object> manager, @Nullable Authentication authentication) {
		return manager.authorize(() -> authentication, new Object()).isGranted();
	}

	private static Authentication signedIn(@Nullable Integer tenantId) {
		return authenticated(new SignedInUser(1, tenantId, "admin"), FactorGrantedAuthority.PASSWORD_AUTHORITY);
	}

	private static Authentication byPasskey(String... factors) {
		return authenticated(new SignedInUser(1, null, "admin", "session", true), factors);
	}

	private static Authentication authenticated(SignedInUser user, String... factors) {
		return UsernamePasswordAuthenticationToken.authenticated(user, null,
				Stream.of(factors).map(FactorGrantedAuthority::fromAuthority).toList());
	}

}
