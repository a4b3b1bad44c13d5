package dev.svc.graphql.identity;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * Where a user stands in a sorting: its values of the sorting's
 * {@linkplain UserSorting#keyset() keyset}, in that order, so that a page can start right
 * after or before it without counting the users in front. The values are those the store
 * sorts by: the upper-case form of a text field as a {@link String}, {@code creationTime}
 * as an {@link OffsetDateTime}, {@code isActive} as a {@link Boolean} and {@code id} as a
 * {@link Long}.
 *
 * @param keys the values, one per order of the keyset
 */
public record UserPosition(List<Object> keys) {

	/**
	 * A position, with a copy of its keys.
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
