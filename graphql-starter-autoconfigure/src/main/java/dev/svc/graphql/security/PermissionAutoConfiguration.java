package dev.svc.graphql.security;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The permission checker; independent of {@code graphql.enabled}, since
 * {@link PermissionAuthorization} uses it too.
 */
@AutoConfiguration
public final class PermissionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	PermissionChecker permissionChecker() {
		return PermissionChecker.fromUserContext();
	}

}
