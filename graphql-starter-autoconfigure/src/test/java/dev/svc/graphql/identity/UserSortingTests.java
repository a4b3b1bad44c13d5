package dev.svc.graphql.identity;

import dev.svc.graphql.error.BadUserInputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class UserSortingTests {

	@Test
	void shouldReadFieldsAndDirections() {
		assertThat(UserSorting.parse("name, surname desc").orders()).containsExactly(
				new UserSorting.Order(UserSorting.Field.NAME, false), new UserSorting.Order(UserSorting.Field.SURNAME, true));
	}

	@Test
	void shouldRefuseAHugeSortingTextBeforeSplittingIt() {
		assertThatExceptionOfType(BadUserInputException.class)
			.isThrownBy(() -> UserSorting.parse("name,".repeat(200_000)))
			.withMessageStartingWith("Invalid sorting: it is 1000000 characters long, at most 200 are allowed.");
	}

	@Test
	void shouldRefuseAFieldNamedTwice() {
		assertThatExceptionOfType(BadUserInputException.class).isThrownBy(() -> UserSorting.parse("name, id, name desc"))
			.withMessageStartingWith("Invalid sorting: 'name' is named twice.");
	}

}
