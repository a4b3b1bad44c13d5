package dev.svc.graphql.context;

import java.util.Map;

import dev.svc.graphql.error.BadUserInputException;
import graphql.schema.DataFetchingFieldSelectionSet;

/**
 * What a {@link dev.svc.graphql.handler.QueryHandler} gets for one call: the user context, the
 * field's arguments, its selection set and the request's variables.
 *
 * @param user who runs the query
 * @param arguments the field's arguments, already coerced to their GraphQL types; absent
 * arguments are missing from the map
 * @param selectionSet the fields selected below this one, so a handler can skip unselected work
 * @param variables the variables of the request
 */
public record QueryContext(UserContext user, Map<String, Object> arguments, DataFetchingFieldSelectionSet selectionSet,
		Map<String, Object> variables) {

	/**
	 * Reads an argument.
	 * @param name the argument name
	 * @param type the expected Java type; integral GraphQL values convert to any {@link Number}
	 * type, and an {@code ID} converts to {@link Long} or {@link Integer}
	 * @param <T> the type
	 * @return the value, {@code null} when the argument was not sent
	 * @throws BadUserInputException when the value cannot be read as {@code type}
	 */
	public <T> T argument(String name, Class<T> type) {
		Object value = this.arguments.get(name);
		if (value == null || type.isInstance(value)) {
			return type.cast(value);
		}
		try {
			if (type == Long.class) {
				return type.cast((value instanceof Number number) ? number.longValue() : Long.valueOf(value.toString()));
			}
			if (type == Integer.class) {
				return type.cast((value instanceof Number number) ? Math.toIntExact(number.longValue())
						: Integer.valueOf(value.toString()));
			}
		}
		catch (NumberFormatException | ArithmeticException ex) {
			throw new BadUserInputException(
					"Argument '" + name + "' must be a whole number" + ((type == Integer.class) ? " of 32 bits" : "")
							+ ", got '" + value + "'.");
		}
		throw new IllegalArgumentException(
				"Argument '" + name + "' is a " + value.getClass().getSimpleName() + ", not a " + type.getSimpleName());
	}

	/**
	 * Reads an argument, falling back to a default when it was not sent.
	 * @param name the argument name
	 * @param type the expected Java type
	 * @param defaultValue the value when absent
	 * @param <T> the type
	 * @return the value
	 */
	public <T> T argument(String name, Class<T> type, T defaultValue) {
		T value = argument(name, type);
		return (value != null) ? value : defaultValue;
	}

	/**
	 * Whether a field below this one is selected, for example {@code "items/roles"}.
	 * @param fieldGlobPattern a glob pattern of field names separated by {@code /}
	 * @return whether the client asked for it
	 */
	public boolean isSelected(String fieldGlobPattern) {
		return this.selectionSet.contains(fieldGlobPattern);
	}

}
