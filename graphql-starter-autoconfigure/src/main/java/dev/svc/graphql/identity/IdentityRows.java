package dev.svc.graphql.identity;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.List;

import org.jspecify.annotations.Nullable;

/** The identity model read from the {@code svc_*} tables' rows. */
final class IdentityRows {

	static final String ROLE_COLUMNS = "r.id, r.name, r.display_name, r.is_static, r.is_default, r.creation_time, r.tenant_id";

	static final String OU_COLUMNS = "o.id, o.code, o.display_name, o.parent_id, o.tenant_id";

	static final String USER_COLUMNS = "u.id, u.user_name, u.name, u.surname, u.email_address, u.phone_number, "
			+ "u.is_active, u.is_email_confirmed, u.creation_time, u.tenant_id";

	private IdentityRows() {
	}

	static Role role(ResultSet rs, int row) throws SQLException {
		return new Role(rs.getInt("id"), rs.getString("name"), rs.getString("display_name"), rs.getBoolean("is_static"),
				rs.getBoolean("is_default"), rs.getObject("creation_time", OffsetDateTime.class),
				nullableInt(rs, "tenant_id"));
	}

	static OrganizationUnit organizationUnit(ResultSet rs, int row) throws SQLException {
		return new OrganizationUnit(rs.getLong("id"), rs.getString("code"), rs.getString("display_name"),
				nullableLong(rs, "parent_id"), nullableInt(rs, "tenant_id"));
	}

	static User user(ResultSet rs, int row) throws SQLException {
		return new User(rs.getLong("id"), rs.getString("user_name"), rs.getString("name"), rs.getString("surname"),
				rs.getString("email_address"), rs.getString("phone_number"), rs.getBoolean("is_active"),
				rs.getBoolean("is_email_confirmed"), rs.getObject("creation_time", OffsetDateTime.class),
				nullableInt(rs, "tenant_id"), List.of(), List.of());
	}

	static Tenant tenant(ResultSet rs, int row) throws SQLException {
		return new Tenant(rs.getInt("id"), rs.getString("tenancy_name"), rs.getString("name"),
				rs.getBoolean("is_active"));
	}

	static @Nullable Long nullableLong(ResultSet rs, String column) throws SQLException {
		long value = rs.getLong(column);
		return rs.wasNull() ? null : value;
	}

	static @Nullable Integer nullableInt(ResultSet rs, String column) throws SQLException {
		int value = rs.getInt(column);
		return rs.wasNull() ? null : value;
	}

}
