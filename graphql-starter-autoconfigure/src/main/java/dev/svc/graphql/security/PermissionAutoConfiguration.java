package dev.svc.graphql.security;

import java.util.ArrayList;
import java.util.List;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The permission catalog and checker; independent of {@code graphql.enabled}, since
 * {@link PermissionAuthorization} uses them too.
 */
@AutoConfiguration
public final class PermissionAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	PermissionChecker permissionChecker() {
		return PermissionChecker.fromUserContext();
	}

	@Bean
	@ConditionalOnMissingBean
	PermissionDefinitions permissionDefinitions(ObjectProvider<PermissionDefinition> definitions) {
		List<PermissionDefinition> all = new ArrayList<>(PermissionDefinition.administration());
		definitions.orderedStream().forEach(all::add);
		return new PermissionDefinitions(all);
	}

}
