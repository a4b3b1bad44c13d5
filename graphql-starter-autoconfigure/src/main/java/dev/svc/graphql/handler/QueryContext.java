package dev.svc.graphql.handler;

import java.util.Map;

import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.BadUserInputException;
import graphql.schema.DataFetchingFieldSelectionSet;
import org.dataloader.DataLoader;
import org.dataloader.DataLoaderRegistry;
import org.jspecify.annotations.Nullable;

/**
 * What a {@link QueryHandler} gets for one call.
 *
 * @param user who runs the query
 * @param arguments the coerced arguments; absent ones are missing from the map
 * @param selectionSet the fields selected below this one
 * @param variables the request's variables
 * @param dataLoaders the request's data loaders, {@code BatchLoaderRegistry}'s included
 */
public record QueryContext(UserContext user, Map<String, Object> arguments, DataFetchingFieldSelectionSet selectionSet,
		Map<String, Object> variables, DataLoaderRegistry dataLoaders) {

	/**
	 * A data loader, to batch keys into one call; return what
	 * {@link DataLoader#load(Object)} gives.
	 * @param name the loader's name: {@code V}'s class name for {@code forTypePair(K, V)}
	 * @param <K> the key type
	 * @param <V> the value type
	 * @return the data loader
	 * @throws IllegalArgumentException when the request has no data loader of that name
	 */
	public <K, V> DataLoader<K, V> dataLoader(String name) {
		DataLoader<K, V> loader = this.dataLoaders.getDataLoader(name);
		if (loader == null) {
			throw new IllegalArgumentException("No data loader named '" + name + "'; registered: "
					+ this.dataLoaders.getKeys() + ". Register one with Spring for GraphQL's BatchLoaderRegistry.");
		}
		return loader;
	}

	/**
	 * Reads an argument.
	 * @param name the argument name
	 * @param type the expected Java type; integral values and {@code ID}s also convert to
	 * {@link Long} or {@link Integer}
	 * @param <T> the type
	 * @return the value, {@code null} when the argument was not sent
	 * @throws BadUserInputException when the value cannot be read as {@code type}
	 */
	public <T> @Nullable T argument(String name, Class<T> type) {
		Object value = this.arguments.get(name);
		if (value instanceof String text) {
			checkText(name, text);
		}
		if (value == null || type.isInstance(value)) {
			return type.cast(value);
		}
		try {
			if (type == Long.class) {
				return type
					.cast((value instanceof Number number) ? number.longValue() : Long.valueOf(value.toString()));
			}
			if (type == Integer.class) {
				return type.cast((value instanceof Number number) ? Math.toIntExact(number.longValue())
						: Integer.valueOf(value.toString()));
			}
		}
		catch (NumberFormatException | ArithmeticException ex) {
			throw new BadUserInputException("Argument '" + name + "' must be a whole number"
					+ ((type == Integer.class) ? " of 32 bits" : "") + ", got '" + value + "'.");
		}
		throw new IllegalArgumentException(
				"Argument '" + name + "' is a " + value.getClass().getSimpleName() + ", not a " + type.getSimpleName());
	}

	/**
	 * Reads a text argument no longer than, for example, the column it is compared with.
	 * @param name the argument name
	 * @param maxLength the most characters allowed
	 * @return the text, {@code null} when the argument was not sent
	 * @throws BadUserInputException when the text is longer, or holds a character no text
	 * may hold
	 */
	public @Nullable String text(String name, int maxLength) {
		String text = argument(name, String.class);
		if (text != null && text.length() > maxLength) {
			throw new BadUserInputException("Argument '" + name + "' is " + text.length() + " characters long; at most "
					+ maxLength + " are allowed.");
		}
		return text;
	}

	// no database stores NUL or half a surrogate pair in text, and PostgreSQL refuses a
	// statement carrying one: tell the caller here instead
	private static void checkText(String name, String text) {
		for (int i = 0; i < text.length(); i++) {
			char c = text.charAt(i);
			if (c == '\0') {
				throw new BadUserInputException("Argument '" + name + "' holds a NUL character (U+0000) at position "
						+ i + "; text may not hold it.");
			}
			if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
				i++;
			}
			else if (Character.isSurrogate(c)) {
				throw new BadUserInputException("Argument '" + name + "' holds half of a surrogate pair at position "
						+ i + "; text must be valid Unicode.");
			}
		}
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
