package dev.svc.graphql.signin;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Signing users in ({@code graphql.sign-in.*}): what all ways of signing in share.
 * Passwords, two-factor sign-in, and the token and cookie sign-ins have their own
 * properties.
 */
@ConfigurationProperties("graphql.sign-in")
public class SignInProperties {

	private final Lockout lockout = new Lockout();

	private final Throttle throttle = new Throttle();

	/**
	 * How long an instance trusts a session (a token's or a cookie's) before asking the
	 * database again: the longest a session keeps working elsewhere after a log-out, or
	 * its user's deactivation, lockout or password change, or its tenant's deactivation.
	 */
	private Duration sessionCheckInterval = Duration.ofSeconds(5);

	/**
	 * How long an instance keeps a session's last check after the session was last used.
	 * It is kept past the check interval so that, while the database cannot be reached, a
	 * session checked before keeps its last answer; a session unused for longer is
	 * checked afresh.
	 */
	private Duration sessionCacheDuration = Duration.ofHours(1);

	/**
	 * How many sessions' last checks an instance keeps at most; the least used are
	 * dropped first and checked afresh when next used.
	 */
	private int sessionCacheSize = 100_000;

	/**
	 * Largest request body of the sign-in paths (token endpoint, login, log-out, password
	 * reset, two-factor set-up). A larger one is refused with 413 before it is read.
	 */
	private DataSize maxRequestSize = DataSize.ofKilobytes(16);

	/**
	 * Longest time the sign-in paths wait for a request body to arrive. A slower one is
	 * refused with 408, so that slow senders cannot hold threads.
	 */
	private Duration bodyReadTimeout = Duration.ofSeconds(10);

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

	public Duration getBodyReadTimeout() {
		return this.bodyReadTimeout;
	}

	public void setBodyReadTimeout(Duration bodyReadTimeout) {
		this.bodyReadTimeout = bodyReadTimeout;
	}

	/**
	 * Lockout of an account after failed sign-ins in a row.
	 */
	public static final class Lockout {

		/**
		 * Failed sign-ins in a row after which an account, or a user name that belongs to
		 * no account, is locked out. A successful sign-in starts the count again.
		 */
		private int maxFailedAttempts = 5;

		/**
		 * How long a lockout lasts.
		 */
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

	/**
	 * Throttling of sign-in attempts per client address.
	 */
	public static final class Throttle {

		/**
		 * Sign-in attempts one client address may make per window, on every sign-in path
		 * together; more are refused with 429 until the window ends. Counted per
		 * instance.
		 */
		private int maxAttempts = 30;

		/**
		 * The window the attempts are counted in.
		 */
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
