package dev.svc.graphql.queries;

import java.util.List;

import dev.svc.graphql.handler.RequiresPermission;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.identity.OrganizationUnit;
import dev.svc.graphql.identity.Role;
import dev.svc.graphql.security.PermissionDefinition;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.graphql.autoconfigure.GraphQlSourceBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;

/**
 * The built-in queries over the {@link IdentityStore}; each can be switched off
 * ({@code graphql.queries.users.enabled=false}) to serve its field otherwise.
 */
@AutoConfiguration(after = JdbcIdentityStoreAutoConfiguration.class, before = GraphQlAutoConfiguration.class)
@ConditionalOnBooleanProperty("graphql.enabled")
@ConditionalOnBean(IdentityStore.class)
public final class IdentityQueriesAutoConfiguration {

	/** Kept when a query is off, so that a host serving it can answer the same types. */
	@Bean
	GraphQlSourceBuilderCustomizer svcIdentityTypes() {
		return (builder) -> builder.schemaResources(resource("identity-types.graphqls"))
			.typeVisitors(List.of(new IdentityTypeFetchers()));
	}

	private static GraphQlSourceBuilderCustomizer schema(String file) {
		return (builder) -> builder.schemaResources(resource(file));
	}

	private static ClassPathResource resource(String file) {
		return new ClassPathResource("dev/svc/graphql/queries/" + file);
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "graphql.queries.roles.enabled", matchIfMissing = true)
	static class RolesQueryConfiguration {

		@Bean
		GraphQlSourceBuilderCustomizer svcRolesSchema() {
			return schema("roles.graphqls");
		}

		@Bean
		@RequiresPermission(PermissionDefinition.ROLES)
		TenantListQueryHandler<Role> rolesQueryHandler(IdentityStore store) {
			return new TenantListQueryHandler<>("roles", (context) -> store.findRoles(context.user().tenantId(),
					context.argument("id", Integer.class), context.text("name", 32)));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "graphql.queries.organization-units.enabled", matchIfMissing = true)
	static class OrganizationUnitsQueryConfiguration {

		@Bean
		GraphQlSourceBuilderCustomizer svcOrganizationUnitsSchema() {
			return schema("organization-units.graphqls");
		}

		@Bean
		@RequiresPermission(PermissionDefinition.ORGANIZATION_UNITS)
		TenantListQueryHandler<OrganizationUnit> organizationUnitsQueryHandler(IdentityStore store) {
			return new TenantListQueryHandler<>("organizationUnits",
					(context) -> store.findOrganizationUnits(context.user().tenantId(),
							context.argument("id", Long.class), context.text("code", 95)));
		}

	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnBooleanProperty(name = "graphql.queries.users.enabled", matchIfMissing = true)
	static class UsersQueryConfiguration {

		@Bean
		GraphQlSourceBuilderCustomizer svcUsersSchema() {
			return schema("users.graphqls");
		}

		@Bean
		UsersQueryHandler usersQueryHandler(IdentityStore store) {
			return new UsersQueryHandler(store);
		}

		// the same users as a Relay connection, on and off with them
		@Bean
		GraphQlSourceBuilderCustomizer svcUsersConnectionSchema() {
			return schema("users-connection.graphqls");
		}

		@Bean
		UsersConnectionQueryHandler usersConnectionQueryHandler(IdentityStore store) {
			return new UsersConnectionQueryHandler(store);
		}

	}

}
