package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Signing users in ({@code graphql.sign-in.*}): what all ways share; passwords,
 * two-factor, token and cookie sign-ins have their own properties.
 */
@ConfigurationProperties("graphql.sign-in")
public class SignInProperties {

	private final Lockout lockout = new Lockout();

	private final Throttle throttle = new Throttle();

	public Lockout getLockout() {
		return this.lockout;
	}

	public Throttle getThrottle() {
		return this.throttle;
	}

	/** Lockout of an account after failed sign-ins in a row. */
	public static final class Lockout {

		/**
		 * Failed sign-ins in a row that lock out an account, or a user name of no
		 * account; a successful sign-in starts the count again.
		 */
		private int maxFailedAttempts = 5;

		/** How long a lockout lasts. */
		private Duration duration = Duration.ofSeconds(300);

		public int getMaxFailedAttempts() {
			return this.maxFailedAttempts;
		}

		public void setMaxFailedAttempts(int maxFailedAttempts) {
			this.maxFailedAttempts = maxFailedAttempts;
		}

		public Duration getDuration() {
			return this.duration;
		}

		public void setDuration(Duration duration) {
			this.duration = duration;
		}

	}

	/** Throttling of sign-in attempts per client address. */
	public static final class Throttle {

		/**
		 * Sign-in attempts a client address, or one account whatever the address, may
		 * make per minute on all sign-in paths together, counted by every instance
		 * together; more get 429.
		 */
		private int maxAttempts = 30;

		public int getMaxAttempts() {
			return this.maxAttempts;
		}

		public void setMaxAttempts(int maxAttempts) {
			this.maxAttempts = maxAttempts;
		}

	}

}
