package dev.svc.graphql.signin.password;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import dev.svc.graphql.signin.PasswordProperties;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module's password hashing: Argon2id with OWASP's parameters, bcrypt at cost 12
 * without Bouncy Castle, older hashes read and marked for an upgrade, and no more hashes
 * at once than allowed.
 */
class PasswordHashingTests {

	/** The demo accounts' hash of {@code 123qwe}: bcrypt at cost 10. */
	private static final String DEMO_HASH = "{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW";

	@Test
	void shouldHashWithArgon2idAtOwaspsParametersAndUpgradeEveryOtherHash() {
		PasswordEncoder encoder = owaspEncoder(getClass().getClassLoader());
		String hash = encoder.encode("correct horse");
		assertThat(hash).startsWith("{argon2}$argon2id$v=19$m=19456,t=2,p=1$").hasSizeLessThanOrEqualTo(128);
		assertThat(encoder.matches("correct horse", hash)).isTrue();
		assertThat(encoder.matches("correct horsf", hash)).isFalse();
		assertThat(encoder.upgradeEncoding(hash)).isFalse();

		assertThat(encoder.matches("123qwe", DEMO_HASH)).isTrue();
		assertThat(encoder.upgradeEncoding(DEMO_HASH)).isTrue();
		assertThat(encoder.matches("123qwe", "{noop}123qwe")).as("a kind Spring Security reads").isTrue();
		assertThat(encoder.upgradeEncoding("{noop}123qwe")).isTrue();

		String weakerHash = PasswordHashing.defaultEncoder(DataSize.ofMegabytes(9), getClass().getClassLoader())
			.encode("correct horse");
		assertThat(encoder.matches("correct horse", weakerHash)).isTrue();
		assertThat(encoder.upgradeEncoding(weakerHash)).as("weaker parameters").isTrue();
	}

	@Test
	void shouldHashWithBcryptAtCost12WithoutBouncyCastle() {
		PasswordEncoder encoder = owaspEncoder(new FilteredClassLoader("org.bouncycastle"));
		String hash = encoder.encode("correct horse");
		assertThat(hash).startsWith("{bcrypt}$2a$12$");
		assertThat(encoder.matches("correct horse", hash)).isTrue();
		assertThat(encoder.upgradeEncoding(DEMO_HASH)).as("cost 10").isTrue();
		assertThat(encoder.upgradeEncoding(hash)).isFalse();
	}

	@Test
	void shouldFailTheCheckOfAHashItCannotRead() {
		PasswordHashing hashing = new PasswordHashing(() -> owaspEncoder(getClass().getClassLoader()),
				PasswordHashing.MAX_CONCURRENT);
		assertThat(hashing.matches("123qwe", "123qwe")).isFalse();
		assertThat(hashing.matches("123qwe", "{unknown}123qwe")).isFalse();
	}

	@Test
	void shouldComputeNoMoreHashesAtOnceThanAllowed() throws InterruptedException {
		AtomicInteger inside = new AtomicInteger();
		AtomicInteger most = new AtomicInteger();
		CountDownLatch release = new CountDownLatch(1);
		PasswordEncoder slow = new PasswordEncoder() {

			@Override
			public String encode(CharSequence rawPassword) {
				throw new UnsupportedOperationException();
			}

			@Override
			public boolean matches(CharSequence rawPassword, String encodedPassword) {
				most.accumulateAndGet(inside.incrementAndGet(), Math::max);
				try {
					release.await(10, TimeUnit.SECONDS);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				inside.decrementAndGet();
				return true;
			}

		};
		PasswordHashing hashing = new PasswordHashing(() -> slow, 2);
		List<Thread> signIns = new ArrayList<>();
		for (int i = 0; i < 8; i++) {
			Thread signIn = new Thread(() -> hashing.matches("password", "hash"));
			signIn.start();
			signIns.add(signIn);
		}
		// every sign-in parked: in the hash, which waits for the release, or at the gate
		// in front of it
		while (!signIns.stream().allMatch(PasswordHashingTests::isParked)) {
			Thread.onSpinWait();
		}
		assertThat(inside.get()).as("the six others wait at the gate").isEqualTo(2);
		release.countDown();
		for (Thread signIn : signIns) {
			signIn.join();
		}
		assertThat(most.get()).isEqualTo(2);
	}

	private static boolean isParked(Thread thread) {
		Thread.State state = thread.getState();
		return state == Thread.State.WAITING || state == Thread.State.TIMED_WAITING;
	}

	@Test
	void shouldMakeEveryFailedCheckLastAsLongAsTheSlowestKindLately() {
		// a clock that each check moves on by its kind's cost: 40 ms for Argon2id, 66 ms
		// for
		// an older bcrypt hash; the waits are recorded, not slept
		AtomicLong now = new AtomicLong();
		List<Long> waits = new ArrayList<>();
		PasswordEncoder timed = new PasswordEncoder() {

			@Override
			public String encode(CharSequence rawPassword) {
				throw new UnsupportedOperationException();
			}

			@Override
			public boolean matches(CharSequence rawPassword, String encodedPassword) {
				now.addAndGet(encodedPassword.startsWith("{bcrypt}") ? 66_000_000 : 40_000_000);
				return rawPassword.toString().equals("right");
			}

		};
		PasswordHashing hashing = new PasswordHashing(() -> timed, 1, now::get, waits::add);

		hashing.matches("guess", "{argon2}$argon2id$a name of no account");
		assertThat(waits).as("alone, a kind waits an eighth of its own time").containsExactly(5_000_000L);
		hashing.matches("guess", "{bcrypt}$2a$10$an account migrated with its old hash");
		hashing.matches("guess", "{argon2}$argon2id$a name of no account");
		hashing.matches("guess", "{argon2}$argon2id$an account signed in since");
		assertThat(waits).as("then every failed check lasts the slowest kind's time and an eighth")
			.containsExactly(5_000_000L, 8_250_000L, 34_250_000L, 34_250_000L);
		assertThat(hashing.matches("right", "{argon2}$argon2id$an account signed in since")).isTrue();
		assertThat(waits).as("a check that succeeds does not wait").hasSize(4);
	}

	@Test
	void shouldPassOverLessMemoryMoreOftenAsOwaspAdvises() {
		assertThat(List.of(46, 19, 12, 9, 7)
			.stream()
			.map((mebibytes) -> PasswordHashing.iterations(DataSize.ofMegabytes(mebibytes))))
			.containsExactly(1, 2, 3, 4, 5);
		assertThat(PasswordHashing.iterations(DataSize.ofGigabytes(1))).isOne();
		assertThat(PasswordHashing.iterations(DataSize.ofKilobytes(64))).as("a test's cheap hash").isEqualTo(5);
	}

	/** The default parameters, as {@code graphql.sign-in.password.hashing.*} defaults. */
	private static PasswordEncoder owaspEncoder(ClassLoader classLoader) {
		return PasswordHashing.defaultEncoder(new PasswordProperties().getHashing().getMemory(), classLoader);
	}

}
