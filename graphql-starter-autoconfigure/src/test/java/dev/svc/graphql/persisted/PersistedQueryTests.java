package dev.svc.graphql.persisted;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading {@code extensions.persistedQuery}: only version 1 with a hash of 64 hexadecimal
 * digits is a persisted query, and a hash names a text only when it is that text's
 * SHA-256 hash.
 */
class PersistedQueryTests {

	private static final String ABC = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

	@Test
	void shouldHashTheUtf8BytesOfTheTextInLowerCaseHexadecimal() {
		assertThat(PersistedQuery.sha256("abc")).isEqualTo(ABC);
		assertThat(PersistedQuery.sha256("{ é }"))
			.isEqualTo("6ed1179be308ef4c2e705b3e9bdb43678ae4f31bfd35e2b11f9aa3addc48a710");
	}

	@Test
	void shouldReadAWellFormedPersistedQuery() {
		Map<String, Object> extensions = Map.of("persistedQuery",
				Map.of("version", 1, "sha256Hash", ABC.toUpperCase(), "miss", true));
		assertThat(PersistedQuery.problem(extensions)).isNull();
		PersistedQuery persisted = PersistedQuery.of(extensions);
		assertThat(persisted).isEqualTo(new PersistedQuery(ABC));
		assertThat(persisted.isHashOf("abc")).isTrue();
		assertThat(persisted.isHashOf("abd")).isFalse();
	}

	@Test
	void shouldReadAHashWithThePrefixGraphQlCodeGeneratorWrites() {
		Map<String, Object> extensions = Map.of(PersistedQuery.EXTENSION,
				Map.of("version", 1, "sha256Hash", "sha256:" + ABC));
		assertThat(PersistedQuery.problem(extensions)).isNull();
		assertThat(PersistedQuery.of(extensions)).isEqualTo(new PersistedQuery(ABC));
		assertThat(PersistedQuery
			.problem(Map.of(PersistedQuery.EXTENSION, Map.of("version", 1, "sha256Hash", "md5:" + ABC)))).isNotNull();
	}

	@Test
	void shouldFindNoPersistedQueryWhereThereIsNone() {
		assertThat(PersistedQuery.of(null)).isNull();
		assertThat(PersistedQuery.problem(null)).isNull();
		assertThat(PersistedQuery.of(Map.of("other", 1))).isNull();
		assertThat(PersistedQuery.problem(Map.of("other", 1))).isNull();
	}

	@Test
	void shouldSayWhatIsWrongWithAPersistedQueryThatIsNotWellFormed() {
		for (Object persisted : List.of(ABC, List.of(), Map.of("sha256Hash", ABC),
				Map.of("version", 2, "sha256Hash", ABC), Map.of("version", "1", "sha256Hash", ABC),
				Map.of("version", 1), Map.of("version", 1, "sha256Hash", 7),
				Map.of("version", 1, "sha256Hash", ABC.substring(1)), Map.of("version", 1, "sha256Hash", ABC + "0"),
				Map.of("version", 1, "sha256Hash", "g" + ABC.substring(1)))) {
			Map<String, Object> extensions = Map.of("persistedQuery", persisted);
			assertThat(PersistedQuery.problem(extensions)).as(persisted.toString()).isNotNull();
			assertThat(PersistedQuery.of(extensions)).as(persisted.toString()).isNull();
		}
	}

}
