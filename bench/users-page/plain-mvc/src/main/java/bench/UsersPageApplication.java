package bench;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * The floor: the users page from a plain controller, the same four statements as the
 * hand-written GraphQL app (count, page, roles, units), the same JSON, no GraphQL.
 */
@SpringBootApplication
public class UsersPageApplication {

	public static void main(String[] args) {
		SpringApplication.run(UsersPageApplication.class, args);
	}

	record User(long id, String userName, String name, String surname, String emailAddress, List<Role> roles,
			List<OrganizationUnit> organizationUnits) {
	}

	record Row(long id, String userName, String name, String surname, String emailAddress) {
	}

	record Role(int id, String name, String displayName) {
	}

	record OrganizationUnit(long id, String code, String displayName) {
	}

	record Owned<T>(long userId, T item) {
	}

	@RestController
	static class UsersController {

		private final JdbcClient jdbc;

		UsersController(JdbcClient jdbc) {
			this.jdbc = jdbc;
		}

		@GetMapping("/users")
		Map<String, Object> users(@RequestParam int tenantId, @RequestParam(defaultValue = "0") int skipCount,
				@RequestParam(defaultValue = "10") int maxResultCount) {
			int totalCount = this.jdbc.sql("select count(*) from svc_users where tenant_id = ?")
				.param(tenantId)
				.query(Integer.class)
				.single();
			List<Row> rows = this.jdbc.sql("select id, user_name, name, surname, email_address from svc_users"
					+ " where tenant_id = ? order by normalized_name, normalized_surname, id offset ? limit ?")
				.params(tenantId, skipCount, maxResultCount)
				.query(Row.class)
				.list();
			List<Long> ids = rows.stream().map(Row::id).toList();
			Map<Long, List<Role>> roles = ids.isEmpty() ? Map.of() : this.jdbc
				.sql("select ur.user_id, r.id, r.name, r.display_name from svc_user_roles ur"
						+ " join svc_roles r on r.id = ur.role_id where ur.user_id in (:ids) order by ur.user_id, r.id")
				.param("ids", ids)
				.query((rs, row) -> new Owned<>(rs.getLong(1), new Role(rs.getInt(2), rs.getString(3), rs.getString(4))))
				.list()
				.stream()
				.collect(Collectors.groupingBy(Owned::userId, Collectors.mapping(Owned::item, Collectors.toList())));
			Map<Long, List<OrganizationUnit>> units = ids.isEmpty() ? Map.of() : this.jdbc
				.sql("select uou.user_id, o.id, o.code, o.display_name from svc_user_organization_units uou"
						+ " join svc_organization_units o on o.id = uou.organization_unit_id where uou.user_id in (:ids)"
						+ " order by uou.user_id, o.code, o.id")
				.param("ids", ids)
				.query((rs, row) -> new Owned<>(rs.getLong(1),
						new OrganizationUnit(rs.getLong(2), rs.getString(3), rs.getString(4))))
				.list()
				.stream()
				.collect(Collectors.groupingBy(Owned::userId, Collectors.mapping(Owned::item, Collectors.toList())));
			List<User> items = rows.stream()
				.map((row) -> new User(row.id(), row.userName(), row.name(), row.surname(), row.emailAddress(),
						roles.getOrDefault(row.id(), List.of()), units.getOrDefault(row.id(), List.of())))
				.toList();
			return Map.of("data", Map.of("users", Map.of("totalCount", totalCount, "items", items)));
		}

	}

}
