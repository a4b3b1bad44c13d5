package dev.svc.graphql.signin.password;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonInclude;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.annotation.JsonNaming;

import org.springframework.util.unit.DataSize;

/**
 * What a sign-in path receives, checked before anything is looked up: the user name and
 * password are required, no field is longer than its column, and none but the password
 * carries control characters (a NUL byte, which PostgreSQL refuses in text, among them).
 *
 * @param tenancyName the tenant's name, empty or {@code null} for the host
 * @param userNameOrEmailAddress the user name or e-mail address
 * @param password the password
 */
public record SignInInput(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
		@Nullable String password) {

	/** The longest tenancy name, as long as the column. */
	public static final int MAX_TENANCY_NAME_LENGTH = 64;

	/** The longest user name or e-mail address, as long as the columns. */
	public static final int MAX_LOGIN_LENGTH = 256;

	/** The longest password: long pass phrases fit, hashing a megabyte does not. */
	public static final int MAX_PASSWORD_LENGTH = 128;

	/**
	 * The largest request body of a sign-in path (token endpoint, login, log-out,
	 * password reset, two-factor set-up): what these fields need at their longest, many
	 * times over.
	 */
	public static final DataSize MAX_REQUEST_SIZE = DataSize.ofKilobytes(16);

	/**
	 * What is wrong with the input.
	 * @return a problem per field that has one, none when the input may be checked
	 */
	public List<Problem> problems() {
		List<Problem> problems = new ArrayList<>();
		check(problems, "tenancyName", this.tenancyName, false, MAX_TENANCY_NAME_LENGTH, false);
		check(problems, "userNameOrEmailAddress", this.userNameOrEmailAddress, true, MAX_LOGIN_LENGTH, false);
		check(problems, "password", this.password, true, MAX_PASSWORD_LENGTH, true);
		return problems;
	}

	private static void check(List<Problem> problems, String field, @Nullable String value, boolean required,
			int maxLength, boolean controlCharactersAllowed) {
		if (value == null || value.isBlank()) {
			if (required) {
				problems.add(new Problem(field, "The " + field + " field is required."));
			}
		}
		else if (value.length() > maxLength) {
			problems
				.add(new Problem(field, "The " + field + " field must be at most " + maxLength + " characters long."));
		}
		else if (!controlCharactersAllowed && value.chars().anyMatch(Character::isISOControl)) {
			problems.add(new Problem(field, "The " + field + " field must not contain control characters."));
		}
	}

	/**
	 * What is wrong with one field.
	 *
	 * @param field the field's name
	 * @param message what is wrong and what is allowed
	 */
	public record Problem(String field, String message) {
	}

	/**
	 * What both sign-in front ends answer of what is wrong (the specification's
	 * {@code ValidationError}), named as the specification names it whatever the host's
	 * JSON settings.
	 *
	 * @param message what is wrong
	 * @param members the fields it concerns
	 */
	@JsonNaming(PropertyNamingStrategies.LowerCamelCaseStrategy.class)
	@JsonInclude(JsonInclude.Include.ALWAYS)
	public record ValidationError(String message, List<String> members) {

		/**
		 * The answer of each problem, about its field.
		 * @param problems what is wrong
		 * @return an error per problem
		 */
		public static List<ValidationError> of(List<Problem> problems) {
			return problems.stream()
				.map((problem) -> new ValidationError(problem.message(), List.of(problem.field())))
				.toList();
		}

	}

}
