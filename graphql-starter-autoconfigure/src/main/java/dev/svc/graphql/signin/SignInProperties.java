package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Signing users in ({@code graphql.sign-in.*}): what all ways share; passwords,
 * two-factor, token and cookie sign-ins have their own properties.
 */
@ConfigurationProperties("graphql.sign-in")
public class SignInProperties {

	private final Lockout lockout = new Lockout();

	private final Throttle throttle = new Throttle();

	/**
	 * How long an instance trusts a session (a token's or a cookie's) before asking the
	 * database again: the longest a session keeps working elsewhere after it ended.
	 */
	private Duration sessionCheckInterval = Duration.ofSeconds(5);

	/**
	 * How long an instance keeps a session's last check after its last use: past the
	 * check interval, so that the last answer holds while the database is unreachable.
	 */
	private Duration sessionCacheDuration = Duration.ofHours(1);

	/** How many sessions' last checks an instance keeps; the least used are dropped. */
	private int sessionCacheSize = 100_000;

	/**
	 * Largest request body of the sign-in paths (token endpoint, login, log-out, password
	 * reset, two-factor set-up); a larger one gets 413 unread.
	 */
	private DataSize maxRequestSize = DataSize.ofKilobytes(16);

	public Lockout getLockout() {
		return this.lockout;
	}

	public Throttle getThrottle() {
		return this.throttle;
	}

	public Duration getSessionCheckInterval() {
		return this.sessionCheckInterval;
	}

	public void setSessionCheckInterval(Duration sessionCheckInterval) {
		this.sessionCheckInterval = sessionCheckInterval;
	}

	public Duration getSessionCacheDuration() {
		return this.sessionCacheDuration;
	}

	public void setSessionCacheDuration(Duration sessionCacheDuration) {
		this.sessionCacheDuration = sessionCacheDuration;
	}

	public int getSessionCacheSize() {
		return this.sessionCacheSize;
	}

	public void setSessionCacheSize(int sessionCacheSize) {
		this.sessionCacheSize = sessionCacheSize;
	}

	public DataSize getMaxRequestSize() {
		return this.maxRequestSize;
	}

	public void setMaxRequestSize(DataSize maxRequestSize) {
		this.maxRequestSize = maxRequestSize;
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
		 * Sign-in attempts a client address may make per window on all sign-in paths
		 * together, counted per instance; more get 429 until the window ends.
		 */
		private int maxAttempts = 30;

		/** The window the attempts are counted in. */
		private Duration window = Duration.ofMinutes(1);

		public int getMaxAttempts() {
			return this.maxAttempts;
		}

		public void setMaxAttempts(int maxAttempts) {
			this.maxAttempts = maxAttempts;
		}

		public Duration getWindow() {
			return this.window;
		}

		public void setWindow(Duration window) {
			this.window = window;
		}

	}

}
