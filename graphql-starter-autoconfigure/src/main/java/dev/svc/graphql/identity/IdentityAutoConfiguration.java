package dev.svc.graphql.identity;

import dev.svc.graphql.context.UserContextResolver;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;

/**
 * The built-in queries {@code roles}, {@code organizationUnits} and {@code users}, and the
 * permissions of signed-in users, all read from the {@link IdentityStore}.
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class, before = GraphQlAutoConfiguration.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean(IdentityStore.class)
public final class IdentityAutoConfiguration {

	@Bean
	GraphQlSourceBuilderCustomizer svcIdentitySchema() {
		return (builder) -> builder.schemaResources(new ClassPathResource("dev/svc/graphql/identity/identity.graphqls"));
	}

	@Bean
	RolesQueryHandler rolesQueryHandler(IdentityStore store) {
		return new RolesQueryHandler(store);
	}

	@Bean
	OrganizationUnitsQueryHandler organizationUnitsQueryHandler(IdentityStore store) {
		return new OrganizationUnitsQueryHandler(store);
	}

	@Bean
	UsersQueryHandler usersQueryHandler(IdentityStore store) {
		return new UsersQueryHandler(store);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.security.core.context.SecurityContextHolder")
	static class SecurityUserContextConfiguration {

		@Bean
		@ConditionalOnMissingBean
		UserContextResolver userContextResolver(IdentityStore store) {
			return UserContextResolver.fromSecurityContext((user) -> store.findGrantedPermissions(user.userId()));
		}

	}

}
