package dev.svc.graphql.identity;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A user's values of a sorting's {@linkplain UserSorting#keyset() keyset}, so a page can
 * start next to it without counting the users in front: as the store sorts them, a text
 * field upper-case as a {@link String}, {@code creationTime} an {@link OffsetDateTime},
 * {@code isActive} a {@link Boolean} and {@code id} a {@link Long}.
 *
 * @param keys the values, one per order of the keyset
 */
public record UserPosition(List<Object> keys) {

	/**
	 * Copies the keys.
	 * @param keys the user's sort keys, in the keyset's order
	 */
	public UserPosition {
		keys = List.copyOf(keys);
	}

	/**
	 * The Java type of a field's value in a position.
	 * @param field the field
	 * @return its type
	 */
	public static Class<?> keyType(UserSorting.Field field) {
		return switch (field) {
			case ID -> Long.class;
			case CREATION_TIME -> OffsetDateTime.class;
			case IS_ACTIVE -> Boolean.class;
			case USER_NAME, NAME, SURNAME, EMAIL_ADDRESS -> String.class;
		};
	}

}
