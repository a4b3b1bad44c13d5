package dev.svc.graphql.signin.password;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.util.ClassUtils;
import org.springframework.util.function.SingletonSupplier;
import org.springframework.util.unit.DataSize;

/**
 * Hashes so many passwords at a time: a hash is work for a core, and Argon2id's takes its
 * memory too, so a flood of sign-ins waits for turns rather than taking the heap. A hash
 * the encoder cannot read fails the check, not the request. A check that fails then lasts
 * as long as checks of the slowest kind of hash lately did, and a little more: how long a
 * refused sign-in takes tells nobody whether its account exists (a name of no account is
 * checked against a hash of the current kind) or still has a hash of an older, slower
 * kind. A check that succeeds does not wait: its caller knew the password.
 */
final class PasswordHashing implements PasswordEncoder {

	private static final Log logger = LogFactory.getLog(PasswordHashing.class);

	private static final int SALT_BYTES = 16;

	private static final int HASH_BYTES = 32;

	/** Argon2id's lanes (OWASP's parameters: one). */
	private static final int ARGON2_PARALLELISM = 1;

	/** Argon2id's memory times passes on OWASP's line of equal choices, in KiB. */
	private static final double EQUAL_COST_KIB = 37 * 1024;

	/** bcrypt's cost, used where Argon2id is not available (OWASP: at least 10). */
	static final int BCRYPT_STRENGTH = 12;

	/**
	 * Hashes computed at once: one a processor, as more is not faster; the other sign-ins
	 * wait, so a flood does not take a hash's memory per request.
	 */
	static final int MAX_CONCURRENT = Runtime.getRuntime().availableProcessors();

	private final Supplier<PasswordEncoder> encoder;

	private final Semaphore turns;

	/** How long checking a hash of each kind ("{bcrypt}", "{argon2}") took lately. */
	private final Map<String, Long> checkNanos = new ConcurrentHashMap<>();

	private final LongSupplier nanoTime;

	private final LongConsumer pause;

	/**
	 * The encoder is asked for at the first hash, not at start: the default one opens
	 * Bouncy Castle's signed jar, a tenth of a second that no request but a sign-in
	 * needs.
	 */
	PasswordHashing(Supplier<PasswordEncoder> encoder, int maxConcurrent) {
		this(encoder, maxConcurrent, System::nanoTime, PasswordHashing::sleep);
	}

	PasswordHashing(Supplier<PasswordEncoder> encoder, int maxConcurrent, LongSupplier nanoTime, LongConsumer pause) {
		this.encoder = SingletonSupplier.of(encoder);
		this.turns = new Semaphore(maxConcurrent, true);
		this.nanoTime = nanoTime;
		this.pause = pause;
	}

	/**
	 * Hashes with Argon2id when Bouncy Castle is present, else bcrypt, and reads every
	 * kind of hash Spring Security knows, so that another kind can be replaced at the
	 * next sign-in.
	 */
	static PasswordEncoder defaultEncoder(DataSize memory, @Nullable ClassLoader classLoader) {
		Map<String, PasswordEncoder> encoders = new HashMap<>();
		encoders.put("bcrypt", new BCryptPasswordEncoder(BCRYPT_STRENGTH));
		String idForEncode = "bcrypt";
		if (ClassUtils.isPresent("org.bouncycastle.crypto.params.Argon2Parameters", classLoader)) {
			encoders.put("argon2", new Argon2PasswordEncoder(SALT_BYTES, HASH_BYTES, ARGON2_PARALLELISM,
					(int) memory.toKilobytes(), iterations(memory)));
			idForEncode = "argon2";
		}
		DelegatingPasswordEncoder encoder = new DelegatingPasswordEncoder(idForEncode, encoders);
		encoder.setDefaultPasswordEncoderForMatches(PasswordEncoderFactories.createDelegatingPasswordEncoder());
		return encoder;
	}

	/**
	 * Argon2id's passes for so much memory, on OWASP's line of equal choices (46 MiB
	 * once, 19 MiB twice, 12 MiB three times, 9 MiB four, 7 MiB five): memory times
	 * passes about 37 MiB, from one pass to five.
	 */
	static int iterations(DataSize memory) {
		long passes = Math.round(EQUAL_COST_KIB / (double) Math.max(1, memory.toKilobytes()));
		return (int) Math.min(5, Math.max(1, passes));
	}

	@Override
	public @Nullable String encode(@Nullable CharSequence rawPassword) {
		return inTurn(() -> this.encoder.get().encode(rawPassword));
	}

	@Override
	public boolean matches(@Nullable CharSequence rawPassword, @Nullable String encodedPassword) {
		long[] took = new long[1];
		boolean matches = inTurn(() -> {
			long start = this.nanoTime.getAsLong();
			try {
				return this.encoder.get().matches(rawPassword, encodedPassword);
			}
			catch (IllegalArgumentException ex) {
				logger.warn(
						"A stored password hash is of no kind the password encoder reads, so its user cannot sign in: "
								+ ex.getMessage());
				return false;
			}
			finally {
				took[0] = this.nanoTime.getAsLong() - start;
			}
		});
		// a check that failed (all a guesser sees) waits, outside the turn: the wait
		// holds no
		// hashing place
		long wait = evenOut(kind(encodedPassword), took[0]);
		if (!matches) {
			this.pause.accept(wait);
		}
		return matches;
	}

	/**
	 * How much longer a failed check of this kind that took so long waits: up to an
	 * eighth more than the slowest kind's checks lately took (each kind's time weighed an
	 * eighth new, seven eighths old), so that the slowest kind's own spread tells nothing
	 * either.
	 */
	long evenOut(String kind, long took) {
		this.checkNanos.merge(kind, took, (before, now) -> before - before / 8 + now / 8);
		long slowest = Collections.max(this.checkNanos.values());
		return Math.max(0, slowest + slowest / 8 - took);
	}

	private static String kind(@Nullable String encodedPassword) {
		if (encodedPassword == null || !encodedPassword.startsWith("{")) {
			return "";
		}
		int end = encodedPassword.indexOf('}');
		return (end > 0) ? encodedPassword.substring(0, end + 1) : "";
	}

	private static void sleep(long nanos) {
		try {
			TimeUnit.NANOSECONDS.sleep(nanos);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	@Override
	public boolean upgradeEncoding(@Nullable String encodedPassword) {
		return this.encoder.get().upgradeEncoding(encodedPassword);
	}

	private <T> T inTurn(Supplier<T> hashing) {
		this.turns.acquireUninterruptibly();
		try {
			return hashing.get();
		}
		finally {
			this.turns.release();
		}
	}

}
