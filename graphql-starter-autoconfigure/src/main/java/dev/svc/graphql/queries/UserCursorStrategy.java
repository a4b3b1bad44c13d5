package dev.svc.graphql.queries;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import dev.svc.graphql.error.BadUserInputException;
import dev.svc.graphql.identity.UserPosition;
import dev.svc.graphql.identity.UserSorting;

import org.springframework.graphql.data.pagination.CursorStrategy;

/**
 * A {@link UserCursor} as text: the sorting, then each key after a type letter ({@code s}
 * text, {@code t} UTC time, {@code b} boolean, {@code l} id), URL-encoded and joined by
 * {@code &}. {@link #fromCursor} reads back only what fits the named sorting and its
 * columns (key count and types, text length and no NUL, UTC times to the microsecond in
 * years 1 to 9999), so no made-up value reaches the database as something it refuses or
 * rounds. {@link CheckedCursorEncoder} makes it opaque and checked.
 */
final class UserCursorStrategy implements CursorStrategy<UserCursor> {

	/**
	 * A sorting on every field, its four text keys filling their columns (256 + 256 + 64
	 * + 64) with supplementary characters, 12 each once URL-encoded, plus the sorting, a
	 * time, a flag and an id.
	 */
	static final int MAX_TEXT_LENGTH = 640 * 12 + 400;

	@Override
	public boolean supports(Class<?> targetType) {
		return UserCursor.class.isAssignableFrom(targetType);
	}

	@Override
	public String toCursor(UserCursor cursor) {
		StringBuilder text = new StringBuilder(encode(cursor.sorting().text()));
		for (Object key : cursor.position().keys()) {
			text.append('&');
			if (key instanceof String string) {
				text.append('s').append(encode(string));
			}
			else if (key instanceof OffsetDateTime time) {
				text.append('t').append(encode(time.withOffsetSameInstant(ZoneOffset.UTC).toString()));
			}
			else if (key instanceof Boolean || key instanceof Long) {
				text.append((key instanceof Boolean) ? 'b' : 'l').append(key);
			}
			else {
				throw new IllegalArgumentException("Not a key of a position: " + key.getClass());
			}
		}
		return text.toString();
	}

	/**
	 * Reads a cursor back.
	 * @throws IllegalArgumentException saying what does not fit {@link #toCursor}'s text
	 */
	@Override
	public UserCursor fromCursor(String cursor) {
		String[] parts = cursor.split("&", -1);
		UserSorting sorting;
		try {
			sorting = UserSorting.parse(URLDecoder.decode(parts[0], StandardCharsets.UTF_8));
		}
		catch (BadUserInputException | IllegalArgumentException ex) {
			throw new IllegalArgumentException("its sorting does not read", ex);
		}
		List<UserSorting.Order> keyset = sorting.keyset();
		if (parts.length - 1 != keyset.size()) {
			throw new IllegalArgumentException(
					"it holds " + (parts.length - 1) + " keys, its sorting " + keyset.size());
		}
		List<Object> keys = new ArrayList<>(keyset.size());
		for (int i = 0; i < keyset.size(); i++) {
			keys.add(key(parts[i + 1], keyset.get(i).field()));
		}
		return new UserCursor(sorting, new UserPosition(keys));
	}

	private static Object key(String part, UserSorting.Field field) {
		Class<?> type = UserPosition.keyType(field);
		String value = part.isEmpty() ? "" : part.substring(1);
		char tag = part.isEmpty() ? ' ' : part.charAt(0);
		try {
			if (type == String.class && tag == 's') {
				String text = URLDecoder.decode(value, StandardCharsets.UTF_8);
				if (text.codePointCount(0, text.length()) <= maxLength(field) && text.indexOf('\0') < 0) {
					return text;
				}
			}
			else if (type == OffsetDateTime.class && tag == 't') {
				OffsetDateTime time = OffsetDateTime.parse(URLDecoder.decode(value, StandardCharsets.UTF_8));
				// as written: UTC, to the microsecond, in years every database keeps
				if (time.getOffset().equals(ZoneOffset.UTC) && time.getNano() % 1000 == 0 && time.getYear() >= 1
						&& time.getYear() <= 9999) {
					return time;
				}
			}
			else if (type == Boolean.class && tag == 'b' && (value.equals("true") || value.equals("false"))) {
				return Boolean.valueOf(value);
			}
			else if (type == Long.class && tag == 'l') {
				return Long.valueOf(value);
			}
		}
		catch (IllegalArgumentException | DateTimeParseException ex) {
			throw new IllegalArgumentException("its " + field.graphQlName() + " does not read", ex);
		}
		throw new IllegalArgumentException("its " + field.graphQlName() + " is not one");
	}

	/** The longest value of a text field, in characters: that of its column. */
	private static int maxLength(UserSorting.Field field) {
		return (field == UserSorting.Field.NAME || field == UserSorting.Field.SURNAME) ? 64 : 256;
	}

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

}
