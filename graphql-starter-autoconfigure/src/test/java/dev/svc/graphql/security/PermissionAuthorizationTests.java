package dev.svc.graphql.security;

import java.util.List;
import java.util.Set;

import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authorization.AuthorizationManager;
import org.springframework.security.core.Authentication;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A permission lets a user in within its tenant; on the host only, a host user alone,
 * whatever a tenant's user holds.
 */
class PermissionAuthorizationTests {

	private final PermissionAuthorization permissions = new PermissionAuthorization(
			(user) -> Set.of(PermissionDefinition.ADMINISTRATION), PermissionChecker.fromUserContext());

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

	private static boolean isGranted(AuthorizationManager<Object> manager, @Nullable Authentication authentication) {
		return manager.authorize(() -> authentication, new Object()).isGranted();
	}

	private static Authentication signedIn(@Nullable Integer tenantId) {
		return UsernamePasswordAuthenticationToken.authenticated(new SignedInUser(1, tenantId, "admin"), null,
				List.of());
	}

}
