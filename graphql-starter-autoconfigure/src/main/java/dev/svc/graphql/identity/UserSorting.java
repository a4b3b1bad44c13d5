package dev.svc.graphql.identity;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.svc.graphql.error.BadUserInputException;

/**
 * The order of a {@code users} page, such as {@code "surname desc, name"}. Only the
 * {@link Field}s may be sorted on, so a sorting never reaches SQL as text.
 *
 * @param orders the sort keys, most significant first
 */
public record UserSorting(List<Order> orders) {

	private static final String DEFAULT_TEXT = "name, surname";

	/** By name, then surname. */
	public static final UserSorting DEFAULT = parse(DEFAULT_TEXT);

	/**
	 * The longest sorting text accepted: every sortable field once, with its direction.
	 */
	static final int MAX_LENGTH = 200;

	/**
	 * Parses comma-separated fields, each optionally followed by {@code asc} or
	 * {@code desc}, all case-insensitive.
	 * @param text the sorting
	 * @return the parsed sorting
	 * @throws BadUserInputException naming the allowed fields when the text is not one
	 */
	public static UserSorting parse(String text) {
		// the schema's default, on every request that names no sorting: parsed once
		if (DEFAULT != null && text.equals(DEFAULT_TEXT)) {
			return DEFAULT;
		}
		if (text.length() > MAX_LENGTH) {
			throw invalid("it is " + text.length() + " characters long, at most " + MAX_LENGTH + " are allowed");
		}
		List<Order> orders = new ArrayList<>();
		for (String key : text.split(",", -1)) {
			if (key.isBlank()) {
				throw invalid("it holds an empty key");
			}
			String[] words = key.trim().split("\\s+");
			if (words.length > 2) {
				throw invalid("'" + key.trim() + "' is not a sort key");
			}
			Field field = Arrays.stream(Field.values())
				.filter((candidate) -> candidate.graphQlName.equalsIgnoreCase(words[0]))
				.findFirst()
				.orElseThrow(() -> invalid("'" + words[0] + "' is not a field users can be sorted on"));
			boolean descending = false;
			if (words.length == 2) {
				String direction = words[1].toLowerCase(Locale.ROOT);
				if (!direction.equals("asc") && !direction.equals("desc")) {
					throw invalid("'" + words[1] + "' is not a sort direction");
				}
				descending = direction.equals("desc");
			}
			if (orders.stream().anyMatch((order) -> order.field() == field)) {
				throw invalid("'" + words[0] + "' is named twice");
			}
			orders.add(new Order(field, descending));
		}
		return new UserSorting(List.copyOf(orders));
	}

	/**
	 * This sorting's orders up to {@code id}, else followed by {@code id} ascending to
	 * break ties, so that they place a user exactly.
	 * @return the orders, most significant first, the last one on {@code id}
	 */
	public List<Order> keyset() {
		List<Order> keyset = new ArrayList<>();
		for (Order order : this.orders) {
			keyset.add(order);
			if (order.field() == Field.ID) {
				return List.copyOf(keyset);
			}
		}
		keyset.add(new Order(Field.ID, false));
		return List.copyOf(keyset);
	}

	/**
	 * This sorting as text that {@link #parse(String)} reads back, such as
	 * {@code "name, surname desc"}.
	 * @return the text
	 */
	public String text() {
		return this.orders.stream()
			.map((order) -> order.field().graphQlName() + (order.descending() ? " desc" : ""))
			.collect(Collectors.joining(", "));
	}

	private static BadUserInputException invalid(String problem) {
		String allowed = Arrays.stream(Field.values()).map(Field::graphQlName).collect(Collectors.joining(", "));
		return new BadUserInputException("Invalid sorting: " + problem + ". Allowed: comma-separated fields out of "
				+ allowed + ", each optionally followed by asc or desc.");
	}

	/** A field users can be sorted on, by its GraphQL name. */
	public enum Field {

		/** The user's id. */
		ID("id"),
		/** The user name, case-insensitively. */
		USER_NAME("userName"),
		/** The given name, case-insensitively. */
		NAME("name"),
		/** The surname, case-insensitively. */
		SURNAME("surname"),
		/** The e-mail address, case-insensitively. */
		EMAIL_ADDRESS("emailAddress"),
		/** When the user was created. */
		CREATION_TIME("creationTime"),
		/** Whether the user is active (inactive users first). */
		IS_ACTIVE("isActive");

		private final String graphQlName;

		Field(String graphQlName) {
			this.graphQlName = graphQlName;
		}

		/**
		 * The field's name in a sorting text and in the schema.
		 * @return the name, such as {@code userName}
		 */
		public String graphQlName() {
			return this.graphQlName;
		}

	}

	/**
	 * One sort key.
	 *
	 * @param field the field
	 * @param descending whether the order is descending
	 */
	public record Order(Field field, boolean descending) {
	}

}
