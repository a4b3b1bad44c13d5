package dev.svc.graphql.signin.password;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import dev.svc.graphql.Sha256;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.UserCredentials;
import dev.svc.graphql.ratelimit.SharedBuckets;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user who must change its password gets a reset code kept as a digest, or, where the
 * credential store keeps no codes, a message that the application does not offer it.
 */
class PasswordResetCodesTests {

	private static final SignedInUser USER = new SignedInUser(7, 1, "jdoe");

	private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

	private final List<String> succeeded = new ArrayList<>();

	private final AttemptBudget budget = new AttemptBudget(new SignInAttempts() {

		@Override
		public @Nullable Instant lockedUntil(Subject subject) {
			return null;
		}

		@Override
		public int failed(Subject subject, Instant now) {
			return 1;
		}

		@Override
		public boolean lockOut(Subject subject, Instant end) {
			return true;
		}

		@Override
		public void succeeded(Subject subject) {
			PasswordResetCodesTests.this.succeeded.add(subject.login());
		}

	}, new SignInThrottle(SharedBuckets.inMemory(Clock.systemUTC()), 30, Duration.ofMinutes(1)), 5,
			Duration.ofMinutes(5));

	@Test
	void shouldKeepOnlyTheCodesDigestAndGiveTheCodeItsFullCountOfGuesses() {
		List<String> saved = new ArrayList<>();
		CredentialStore store = new ReadOnlyStore() {

			@Override
			public boolean savePasswordResetCode(long userId, String codeDigest, Instant expiry) {
				saved.add(userId + " " + codeDigest + " " + expiry);
				return true;
			}

		};
		SignInResult result = new PasswordResetCodes(store, this.budget, Duration.ofMinutes(10)).issue(USER, NOW);
		assertThat(result.outcome()).isEqualTo(SignInResult.Outcome.PASSWORD_CHANGE_REQUIRED);
		String code = result.passwordResetCode();
		assertThat(code).hasSizeGreaterThanOrEqualTo(22);
		assertThat(saved).containsExactly("7 " + Sha256.hex(code) + " 2030-01-01T00:10:00Z");
		assertThat(this.succeeded).containsExactly(PasswordResetCodes.guesses(7).login());
	}

	@Test
	void shouldTellAUserWhoMustChangeItsPasswordThatAStoreWithoutCodesCannotOfferIt() {
		SignInResult result = new PasswordResetCodes(new ReadOnlyStore(), this.budget, Duration.ofMinutes(10))
			.issue(USER, NOW);
		assertThat(result.outcome()).isEqualTo(SignInResult.Outcome.INACTIVE_USER);
		assertThat(result.message()).isEqualTo(
				"User jdoe must change its password, which this application does not offer. Ask an administrator.");
		assertThat(this.succeeded).isEmpty();
	}

	/**
	 * A host's store that reads credentials and keeps no reset codes.
	 */
	private static class ReadOnlyStore implements CredentialStore {

		@Override
		public Optional<UserCredentials> findCredentials(@Nullable Integer tenantId, String userNameOrEmailAddress) {
			return Optional.empty();
		}

	}

}
