package bench;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.graphql.data.method.annotation.Argument;
import org.springframework.graphql.data.method.annotation.BatchMapping;
import org.springframework.graphql.data.method.annotation.QueryMapping;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Controller;

/**
 * The users page as a developer would write it with Spring for GraphQL: the count and the page
 * from the query method, the roles and units of the page's users in one batch each.
 */
@SpringBootApplication
public class UsersPageApplication {

	public static void main(String[] args) {
		SpringApplication.run(UsersPageApplication.class, args);
	}

	record User(long id, String userName, String name, String surname, String emailAddress) {
	}

	record UserPagedResult(int totalCount, List<User> items) {
	}

	record Role(int id, String name, String displayName) {
	}

	record OrganizationUnit(long id, String code, String displayName) {
	}

	record Owned<T>(long userId, T item) {
	}

	@Controller
	static class UsersController {

		private final JdbcClient jdbc;

		UsersController(JdbcClient jdbc) {
			this.jdbc = jdbc;
		}

		@QueryMapping
		UserPagedResult users(@Argument int tenantId, @Argument int skipCount, @Argument int maxResultCount) {
			int totalCount = this.jdbc.sql("select count(*) from svc_users where tenant_id = ?")
				.param(tenantId)
				.query(Integer.class)
				.single();
			List<User> items = this.jdbc
				.sql("select id, user_name, name, surname, email_address from svc_users where tenant_id = ?"
						+ " order by normalized_name, normalized_surname, id offset ? limit ?")
				.params(tenantId, skipCount, maxResultCount)
				.query(User.class)
				.list();
			return new UserPagedResult(totalCount, items);
		}

		@BatchMapping
		Map<User, List<Role>> roles(List<User> users) {
			Map<Long, List<Role>> byUser = this.jdbc
				.sql("select ur.user_id, r.id, r.name, r.display_name from svc_user_roles ur"
						+ " join svc_roles r on r.id = ur.role_id where ur.user_id in (:ids) order by ur.user_id, r.id")
				.param("ids", users.stream().map(User::id).toList())
				.query((rs, row) -> new Owned<>(rs.getLong(1), new Role(rs.getInt(2), rs.getString(3), rs.getString(4))))
				.list()
				.stream()
				.collect(Collectors.groupingBy(Owned::userId, Collectors.mapping(Owned::item, Collectors.toList())));
			return users.stream().collect(Collectors.toMap((user) -> user, (user) -> byUser.getOrDefault(user.id(), List.of())));
		}

		@BatchMapping
		Map<User, List<OrganizationUnit>> organizationUnits(List<User> users) {
			Map<Long, List<OrganizationUnit>> byUser = this.jdbc
				.sql("select uou.user_id, o.id, o.code, o.display_name from svc_user_organization_units uou"
						+ " join svc_organization_units o on o.id = uou.organization_unit_id where uou.user_id in (:ids)"
						+ " order by uou.user_id, o.code, o.id")
				.param("ids", users.stream().map(User::id).toList())
				.query((rs, row) -> new Owned<>(rs.getLong(1),
						new OrganizationUnit(rs.getLong(2), rs.getString(3), rs.getString(4))))
				.list()
				.stream()
				.collect(Collectors.groupingBy(Owned::userId, Collectors.mapping(Owned::item, Collectors.toList())));
			return users.stream().collect(Collectors.toMap((user) -> user, (user) -> byUser.getOrDefault(user.id(), List.of())));
		}

	}

}
