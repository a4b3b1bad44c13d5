package dev.svc.graphql.signin.password;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Semaphore;
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
 * the encoder cannot read fails the check, not the request.
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

	/**
	 * The encoder is asked for at the first hash, not at start: the default one opens
	 * Bouncy Castle's signed jar, a tenth of a second that no request but a sign-in
	 * needs.
	 */
	PasswordHashing(Supplier<PasswordEncoder> encoder, int maxConcurrent) {
		this.encoder = SingletonSupplier.of(encoder);
		this.turns = new Semaphore(maxConcurrent, true);
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
		return inTurn(() -> {
			try {
				return this.encoder.get().matches(rawPassword, encodedPassword);
			}
			catch (IllegalArgumentException ex) {
				logger.warn(
						"A stored password hash is of no kind the password encoder reads, so its user cannot sign in: "
								+ ex.getMessage());
				return false;
			}
		});
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
