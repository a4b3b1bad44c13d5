package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Passwords ({@code graphql.sign-in.password.*}).
 */
@ConfigurationProperties("graphql.sign-in.password")
public class PasswordProperties {

	private final Hashing hashing = new Hashing();

	private final Policy policy = new Policy();

	/**
	 * How long the one-time code works that a user who must change its password gets at
	 * sign-in instead of tokens or a session.
	 */
	private Duration resetCodeLifetime = Duration.ofMinutes(10);

	/**
	 * @return how long the one-time code works that a user who must change its password
	 * gets at sign-in instead of tokens or a session
	 */
	public Duration getResetCodeLifetime() {
		return this.resetCodeLifetime;
	}

	/**
	 * @param resetCodeLifetime how long the one-time code works that a user who must
	 * change its password gets at sign-in instead of tokens or a session
	 */
	public void setResetCodeLifetime(Duration resetCodeLifetime) {
		this.resetCodeLifetime = resetCodeLifetime;
	}

	/**
	 * @return how passwords are hashed
	 */
	public Hashing getHashing() {
		return this.hashing;
	}

	/**
	 * @return what a new password must be
	 */
	public Policy getPolicy() {
		return this.policy;
	}

	/**
	 * How new passwords are hashed: Argon2id (OWASP's parameters by default) when Bouncy
	 * Castle is on the class path, as the starter brings it, else bcrypt. A stored hash
	 * of another kind, or of weaker parameters, is hashed again on the user's next
	 * successful sign-in. A host {@code PasswordEncoder} bean replaces all of this.
	 */
	public static final class Hashing {

		/**
		 * Argon2id's memory per hash.
		 */
		private DataSize memory = DataSize.ofMegabytes(19);

		/**
		 * Argon2id's passes over the memory.
		 */
		private int iterations = 2;

		/**
		 * Argon2id's lanes.
		 */
		private int parallelism = 1;

		/**
		 * bcrypt's cost, when Argon2id is not available.
		 */
		private int bcryptStrength = 12;

		/**
		 * Password hashes computed at once; more sign-ins wait for a turn. Bounds the
		 * memory that Argon2id takes under a flood of sign-ins; more than the machine's
		 * cores would not make them faster. 0 for the number of processors.
		 */
		private int maxConcurrent;

		/**
		 * @return argon2id's memory per hash
		 */
		public DataSize getMemory() {
			return this.memory;
		}

		/**
		 * @param memory argon2id's memory per hash
		 */
		public void setMemory(DataSize memory) {
			this.memory = memory;
		}

		/**
		 * @return argon2id's passes over the memory
		 */
		public int getIterations() {
			return this.iterations;
		}

		/**
		 * @param iterations argon2id's passes over the memory
		 */
		public void setIterations(int iterations) {
			this.iterations = iterations;
		}

		/**
		 * @return argon2id's lanes
		 */
		public int getParallelism() {
			return this.parallelism;
		}

		/**
		 * @param parallelism argon2id's lanes
		 */
		public void setParallelism(int parallelism) {
			this.parallelism = parallelism;
		}

		/**
		 * @return bcrypt's cost, when Argon2id is not available
		 */
		public int getBcryptStrength() {
			return this.bcryptStrength;
		}

		/**
		 * @param bcryptStrength bcrypt's cost, when Argon2id is not available
		 */
		public void setBcryptStrength(int bcryptStrength) {
			this.bcryptStrength = bcryptStrength;
		}

		/**
		 * @return password hashes computed at once; more sign-ins wait for a turn
		 */
		public int getMaxConcurrent() {
			return this.maxConcurrent;
		}

		/**
		 * @param maxConcurrent password hashes computed at once; more sign-ins wait for a
		 * turn
		 */
		public void setMaxConcurrent(int maxConcurrent) {
			this.maxConcurrent = maxConcurrent;
		}

	}

	/**
	 * What a new password must be (OWASP ASVS 5.0, V6.2): at least so long and at most
	 * 128 characters, no composition rules, not the user's name, e-mail address or
	 * tenancy name, not the current password.
	 */
	public static final class Policy {

		/**
		 * The fewest characters a new password may have.
		 */
		private int minLength = 8;

		/**
		 * @return the fewest characters a new password may have
		 */
		public int getMinLength() {
			return this.minLength;
		}

		/**
		 * @param minLength the fewest characters a new password may have
		 */
		public void setMinLength(int minLength) {
			this.minLength = minLength;
		}

	}

}
