package dev.svc.graphql.identity;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.Locale;

import org.jspecify.annotations.Nullable;

/**
 * A statement over one tenant's users matching a {@link UserFilter}: every condition is a
 * parameter, the substring too (pattern characters escaped), narrowed first by trigrams
 * on MariaDB and MySQL.
 */
final class UserFilterStatement {

	private final Clock clock;

	private final @Nullable UserTrigrams trigrams;

	UserFilterStatement(Clock clock, @Nullable UserTrigrams trigrams) {
		this.clock = clock;
		this.trigrams = trigrams;
	}

	SqlStatement select(String select, @Nullable Integer tenantId, UserFilter filter) {
		SqlStatement query = new SqlStatement(select + " where " + SqlStatement.tenantCondition("u", tenantId));
		query.param("tenantId", tenantId);
		query.andIf(filter.id() != null, "u.id = :id", "id", filter.id());
		query.andIf(filter.name() != null, "u.name = :name", "name", filter.name());
		query.andIf(filter.surname() != null, "u.surname = :surname", "surname", filter.surname());
		query.andIf(filter.emailAddress() != null, "u.normalized_email_address = :emailAddress", "emailAddress",
				(filter.emailAddress() != null) ? filter.emailAddress().toUpperCase(Locale.ROOT) : null);
		query.andIf(filter.roleId() != null,
				"exists (select 1 from svc_user_roles ur where ur.user_id = u.id and ur.role_id = :roleId)", "roleId",
				filter.roleId());
		query.andIf(filter.organizationUnitId() != null,
				"exists (select 1 from svc_user_organization_units uou where uou.user_id = u.id"
						+ " and uou.organization_unit_id = :organizationUnitId)",
				"organizationUnitId", filter.organizationUnitId());
		query.andIf(filter.onlyLockedUsers(), "u.lockout_end_date > :now", "now", OffsetDateTime.now(this.clock));
		if (filter.filter() != null && !filter.filter().isBlank()) {
			String text = filter.filter().trim();
			UserTrigrams.Condition narrowing = (this.trigrams != null)
					? this.trigrams.narrowing((tenantId != null) ? tenantId : 0, text) : null;
			if (narrowing != null) {
				query.sql.append(" and ").append(narrowing.sql());
				query.params.putAll(narrowing.params());
			}
			// names and surnames as the database upper-cases them, user names and e-mail
			// addresses as hosts do
			String names = upperCase(":nameFilter");
			query.andIf(true,
					"(u.normalized_name like " + names + " escape '!' or u.normalized_surname like " + names
							+ " escape '!' or u.normalized_user_name like :filter escape '!'"
							+ " or u.normalized_email_address like :filter escape '!')",
					"filter", "%" + escapeLike(text.toUpperCase(Locale.ROOT)) + "%");
			query.param("nameFilter", "%" + escapeLike(text) + "%");
		}
		return query;
	}

	/** As the database upper-cases generated columns (MySQL: in their collation). */
	String upperCase(String parameter) {
		return (this.trigrams != null) ? UserTrigrams.upperCase(parameter) : "upper(" + parameter + ")";
	}

	static boolean isUnfiltered(UserFilter filter) {
		return filter.id() == null && filter.name() == null && filter.surname() == null && filter.emailAddress() == null
				&& filter.roleId() == null && filter.organizationUnitId() == null && !filter.onlyLockedUsers()
				&& (filter.filter() == null || filter.filter().isBlank());
	}

	/**
	 * Escapes by {@code !}: a backslash means another thing in MariaDB's and MySQL's
	 * string literals than in PostgreSQL's and H2's.
	 */
	private static String escapeLike(String text) {
		return text.replace("!", "!!").replace("%", "!%").replace("_", "!_");
	}

}
