package dev.svc.graphql.signin;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/** Passwords ({@code graphql.sign-in.password.*}). */
@ConfigurationProperties("graphql.sign-in.password")
public class PasswordProperties {

	private final Hashing hashing = new Hashing();

	private final Policy policy = new Policy();

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

		/**
		 * Argon2id's memory per hash; its passes follow OWASP's equal choices (19 MB
		 * twice, 12 MB three times, 9 MB four, 7 MB five, 46 MB once).
		 */
		private DataSize memory = DataSize.ofMegabytes(19);

		public DataSize getMemory() {
			return this.memory;
		}

		public void setMemory(DataSize memory) {
			this.memory = memory;
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
