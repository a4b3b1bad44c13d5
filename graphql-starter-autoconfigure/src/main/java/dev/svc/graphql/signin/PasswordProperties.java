package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/** Passwords ({@code graphql.sign-in.password.*}). */
@ConfigurationProperties("graphql.sign-in.password")
public class PasswordProperties {

	private final Hashing hashing = new Hashing();

	private final Policy policy = new Policy();

	/** How long the reset code lasts that a user who must change its password gets. */
	private Duration resetCodeLifetime = Duration.ofMinutes(10);

	public Duration getResetCodeLifetime() {
		return this.resetCodeLifetime;
	}

	public void setResetCodeLifetime(Duration resetCodeLifetime) {
		this.resetCodeLifetime = resetCodeLifetime;
	}

	public Hashing getHashing() {
		return this.hashing;
	}

	public Policy getPolicy() {
		return this.policy;
	}

	/**
	 * How new passwords are hashed: Argon2id (OWASP's parameters by default) with Bouncy
	 * Castle on the class path, else bcrypt; other hashes are replaced at the next
	 * sign-in. A host {@code PasswordEncoder} bean replaces all of this.
	 */
	public static final class Hashing {

		/** Argon2id's memory per hash. */
		private DataSize memory = DataSize.ofMegabytes(19);

		/** Argon2id's passes over the memory. */
		private int iterations = 2;

		/** Argon2id's lanes. */
		private int parallelism = 1;

		/** bcrypt's cost, when Argon2id is not available. */
		private int bcryptStrength = 12;

		/**
		 * Password hashes computed at once, 0 for the number of processors (more is not
		 * faster); more sign-ins wait, bounding Argon2id's memory under a flood.
		 */
		private int maxConcurrent;

		public DataSize getMemory() {
			return this.memory;
		}

		public void setMemory(DataSize memory) {
			this.memory = memory;
		}

		public int getIterations() {
			return this.iterations;
		}

		public void setIterations(int iterations) {
			this.iterations = iterations;
		}

		public int getParallelism() {
			return this.parallelism;
		}

		public void setParallelism(int parallelism) {
			this.parallelism = parallelism;
		}

		public int getBcryptStrength() {
			return this.bcryptStrength;
		}

		public void setBcryptStrength(int bcryptStrength) {
			this.bcryptStrength = bcryptStrength;
		}

		public int getMaxConcurrent() {
			return this.maxConcurrent;
		}

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

		/** The fewest characters a new password may have. */
		private int minLength = 8;

		public int getMinLength() {
			return this.minLength;
		}

		public void setMinLength(int minLength) {
			this.minLength = minLength;
		}

	}

}
