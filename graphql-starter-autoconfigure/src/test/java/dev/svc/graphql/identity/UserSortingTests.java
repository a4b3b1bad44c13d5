package dev.svc.graphql.identity;

import dev.svc.graphql.error.BadUserInputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class UserSortingTests {

	@Test
	void shouldReadFieldsAndDirections() {
		assertThat(UserSorting.parse("name, surname desc").orders()).containsExactly(
				new UserSorting.Order(UserSorting.Field.NAME, false),
				new UserSorting.Order(UserSorting.Field.SURNAME, true));
	}

	@Test
	void shouldRefuseAHugeSortingTextBeforeSplittingIt() {
		assertThatExceptionOfType(BadUserInputException.class)
			.isThrownBy(() -> UserSorting.parse("name,".repeat(200_000)))
			.withMessageStartingWith("Invalid sorting: it is 1000000 characters long, at most 200 are allowed.");
	}

	@Test
	void shouldRefuseAFieldNamedTwice() {
		assertThatExceptionOfType(BadUserInputException.class)
			.isThrownBy(() -> UserSorting.parse("name, id, name desc"))
			.withMessageStartingWith("Invalid sorting: 'name' is named twice.");
	}

	@Test
	void shouldRefuseAnEmptyKey() {
		for (String text : new String[] { ",", ",,,", "name,", ", name", "name,,surname" }) {
			assertThatExceptionOfType(BadUserInputException.class).as(text)
				.isThrownBy(() -> UserSorting.parse(text))
				.withMessageStartingWith("Invalid sorting: it holds an empty key.");
		}
	}

	@Test
	void shouldWriteATextThatReadsBackToTheSameSorting() {
		UserSorting sorting = UserSorting.parse("NAME asc,surname   DESC, id");
		assertThat(sorting.text()).isEqualTo("name, surname desc, id");
		assertThat(UserSorting.parse(sorting.text())).isEqualTo(sorting);
	}

	@Test
	void shouldBreakTiesByIdAndStopAtIt() {
		assertThat(UserSorting.parse("isActive desc").keyset()).containsExactly(
				new UserSorting.Order(UserSorting.Field.IS_ACTIVE, true),
				new UserSorting.Order(UserSorting.Field.ID, false));
		assertThat(UserSorting.parse("name, id desc, surname").keyset()).containsExactly(
				new UserSorting.Order(UserSorting.Field.NAME, false),
				new UserSorting.Order(UserSorting.Field.ID, true));
	}

}
