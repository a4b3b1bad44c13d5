package dev.svc.graphql.queries;

import java.util.List;

import dev.svc.graphql.container.RootContainer;
import dev.svc.graphql.container.RootContainerAutoConfiguration;
import dev.svc.graphql.context.UserContextAutoConfiguration;
import dev.svc.graphql.context.UserContextResolver;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.JdbcIdentityStoreAutoConfiguration;
import dev.svc.graphql.identity.UserPagedResult;
import dev.svc.graphql.security.PermissionAutoConfiguration;
import dev.svc.graphql.test.EmptyIdentityStore;
import graphql.schema.GraphQLFieldDefinition;
import graphql.schema.GraphQLSchema;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.graphql.autoconfigure.GraphQlAutoConfiguration;
import org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.graphql.execution.GraphQlSource;
import org.springframework.stereotype.Controller;

import static org.assertj.core.api.Assertions.assertThat;

class IdentityQueriesAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(
				AutoConfigurations.of(PermissionAutoConfiguration.class, JdbcIdentityStoreAutoConfiguration.class,
						IdentityQueriesAutoConfiguration.class, UserContextAutoConfiguration.class,
						RootContainerAutoConfiguration.class, GraphQlAutoConfiguration.class))
		.withPropertyValues("graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-none/");

	@Test
	void shouldServeTheBuiltInQueriesFromTheHostsDataSource() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.run((context) -> {
				assertThat(context).hasSingleBean(IdentityStore.class);
				assertThat(context.getBean(IdentityStore.class)).isNotInstanceOf(EmptyIdentityStore.class);
				assertThat(context.getBean(RootContainer.class).fieldNames()).containsExactly("organizationUnits",
						"roles", "users", "usersConnection");
				assertThat(context.getBean(RootContainer.class).requiredPermissions("users"))
					.containsExactly("Pages.Administration.Users");
				assertThat(context.getBean(RootContainer.class).requiredPermissions("usersConnection"))
					.containsExactly("Pages.Administration.Users");
				GraphQLSchema schema = context.getBean(GraphQlSource.class).schema();
				assertThat(schema.getObjectType("UserConnection").getFieldDefinitions())
					.as("Spring for GraphQL's connection types, with the count")
					.extracting(GraphQLFieldDefinition::getName)
					.containsExactly("edges", "pageInfo", "totalCount");
			});
	}

	@Test
	void shouldLeaveOutASwitchedOffQueryAndItsField() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("graphql.queries.users.enabled=false")
			.run((context) -> {
				assertThat(context.getBean(RootContainer.class).fieldNames()).containsExactly("organizationUnits",
						"roles");
				GraphQLSchema schema = context.getBean(GraphQlSource.class).schema();
				assertThat(schema.getQueryType().getFieldDefinition("users")).isNull();
				assertThat(schema.getQueryType().getFieldDefinition("usersConnection")).isNull();
				assertThat(schema.getType("UserConnection")).isNull();
				assertThat(schema.getType("UserPagedResult")).as("the types stay for a host that serves the field")
					.isNotNull();
			});
	}

	@Test
	void shouldLetTheHostServeASwitchedOffQuerysField() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("graphql.queries.users.enabled=false",
					"spring.graphql.schema.locations=classpath:graphql-own-users/")
			.withBean(OwnUsersController.class)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(RootContainer.class).fieldNames()).doesNotContain("users");
				assertThat(context.getBean(GraphQlSource.class).schema().getQueryType().getFieldDefinition("users"))
					.isNotNull();
			});
	}

	@Test
	void shouldBackOffWhenUserDefinesAnIdentityStore() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withBean(IdentityStore.class, EmptyIdentityStore::new)
			.run((context) -> {
				assertThat(context).hasSingleBean(IdentityStore.class);
				assertThat(context.getBean(IdentityStore.class)).isInstanceOf(EmptyIdentityStore.class);
				assertThat(context.getBean(RootContainer.class).fieldNames()).contains("users");
			});
	}

	@Test
	void shouldOfferNoBuiltInQueryWithoutAStore() {
		this.contextRunner.withPropertyValues("spring.graphql.schema.locations=classpath:graphql-test/")
			.withUserConfiguration(dev.svc.graphql.container.TestHandlers.GreetingConfiguration.class)
			.run((context) -> {
				assertThat(context).doesNotHaveBean(IdentityStore.class);
				assertThat(context.getBean(RootContainer.class).fieldNames()).doesNotContain("users", "roles",
						"organizationUnits");
				assertThat(context).hasSingleBean(UserContextResolver.class);
			});
	}

	@Test
	void shouldBackOffWhenUserDefinesAUserContextResolver() {
		UserContextResolver own = (request) -> dev.svc.graphql.context.UserContext.anonymous(7);
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withBean(UserContextResolver.class, () -> own)
			.run((context) -> assertThat(context.getBean(UserContextResolver.class)).isSameAs(own));
	}

	@Test
	void shouldKeepOnlyTheStoreWhileTheEndpointIsOff() {
		this.contextRunner.withConfiguration(AutoConfigurations.of(DataSourceAutoConfiguration.class))
			.withPropertyValues("graphql.enabled=false")
			.run((context) -> assertThat(context).hasSingleBean(IdentityStore.class)
				.doesNotHaveBean(UsersQueryHandler.class)
				.doesNotHaveBean(UserContextResolver.class));
	}

	@Controller
	static class OwnUsersController {

		@QueryMapping
		UserPagedResult users() {
			return new UserPagedResult(0, List.of());
		}

	}

}
