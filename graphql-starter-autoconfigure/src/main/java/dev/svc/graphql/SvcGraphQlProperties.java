package dev.svc.graphql;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/**
 * Configuration of the GraphQL module, bound from the {@code graphql.*} namespace. Relaxed binding
 * applies, so {@code GraphQL.Enabled}, {@code graphql.enabled} and {@code GRAPHQL_ENABLED} all set
 * the same switch.
 */
@ConfigurationProperties("graphql")
public class SvcGraphQlProperties {

	/**
	 * Whether the GraphQL query endpoint is served. It switches Spring Boot's GraphQL
	 * auto-configuration as a whole: when false, no GraphQL bean is created and the endpoint path
	 * answers 404, while sign-in, identity data and the audit log keep working.
	 */
	private boolean enabled;

	/**
	 * Whether the in-browser query IDE (the playground) is served. When false its path answers 404.
	 */
	private boolean playgroundEnabled;

	/**
	 * Path of the GraphQL query endpoint. When set it wins over spring.graphql.http.path; when
	 * not, Spring Boot's setting applies, whose default is /graphql.
	 */
	private @Nullable String path;

	/**
	 * Whether error messages carry the exception chain and stack trace (the "debug build" mode).
	 * Never enable it in production: it tells clients about the server's internals.
	 */
	private boolean exposeExceptionDetails;

	/**
	 * Who may introspect the schema, and read it from Spring Boot's schema printer: everyone,
	 * signed-in users only (so the playground completes for them while anonymous callers learn
	 * nothing), or never.
	 */
	private Introspection introspection = Introspection.SIGNED_IN;

	private final Playground playground = new Playground();

	private final Limits limits = new Limits();

	private final Audit audit = new Audit();

	private final Identity identity = new Identity();

	private final SignIn signIn = new SignIn();

	private final Queries queries = new Queries();

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public boolean isPlaygroundEnabled() {
		return this.playgroundEnabled;
	}

	public void setPlaygroundEnabled(boolean playgroundEnabled) {
		this.playgroundEnabled = playgroundEnabled;
	}

	public @Nullable String getPath() {
		return this.path;
	}

	public void setPath(@Nullable String path) {
		this.path = path;
	}

	public boolean isExposeExceptionDetails() {
		return this.exposeExceptionDetails;
	}

	public void setExposeExceptionDetails(boolean exposeExceptionDetails) {
		this.exposeExceptionDetails = exposeExceptionDetails;
	}

	public Introspection getIntrospection() {
		return this.introspection;
	}

	public void setIntrospection(Introspection introspection) {
		this.introspection = introspection;
	}

	public Playground getPlayground() {
		return this.playground;
	}

	public Limits getLimits() {
		return this.limits;
	}

	public Audit getAudit() {
		return this.audit;
	}

	public Identity getIdentity() {
		return this.identity;
	}

	public SignIn getSignIn() {
		return this.signIn;
	}

	public Queries getQueries() {
		return this.queries;
	}

	/**
	 * Who may introspect the schema.
	 */
	public enum Introspection {

		/** Every caller, signed in or not. */
		EVERYONE,

		/** Signed-in users of the identity data only. */
		SIGNED_IN,

		/** Nobody. */
		NEVER

	}

	public static final class Playground {

		/**
		 * Path of the playground page.
		 */
		private String path = "/ui/playground";

		public String getPath() {
			return this.path;
		}

		public void setPath(String path) {
			this.path = path;
		}

	}

	/**
	 * Limits that refuse an abusive request cheaply: the body before it is read, the document
	 * before it is validated. Defaults are at least as strict as graphql-armor's.
	 */
	public static final class Limits {

		/**
		 * Largest request body of the GraphQL endpoint. A larger one is refused with 413 before it
		 * is read.
		 */
		private DataSize maxRequestSize = DataSize.ofKilobytes(64);

		/**
		 * Largest request body of the sign-in paths (token endpoint, login, log-out, password reset,
		 * two-factor set-up). A larger one is refused with 413 before it is read.
		 */
		private DataSize maxSignInRequestSize = DataSize.ofKilobytes(16);

		/**
		 * Longest time a request body of the module's paths may take to arrive, from its first read.
		 * A slower one is refused with 408, so that a client sending a byte now and then holds a
		 * request thread no longer than this.
		 */
		private Duration bodyReadTimeout = Duration.ofSeconds(10);

		/**
		 * Longest time a query may run. Past it, the query is stopped at its next field and answers
		 * QUERY_TIMEOUT; the identity store's statements have it as their query timeout.
		 */
		private Duration timeout = Duration.ofSeconds(10);

		/**
		 * Longest query document, in characters. Longer ones are refused before parsing.
		 */
		private int maxQueryLength = 15_000;

		/**
		 * Most tokens (names, punctuators, values) a query document may have. Parsing stops there.
		 */
		private int maxTokens = 1000;

		/**
		 * Deepest nesting of fields. Fields of the introspection system do not count.
		 */
		private int maxQueryDepth = 6;

		/**
		 * Most fields a query may select, each counted as often as it would run (fragments expanded).
		 */
		private int maxFields = 5000;

		/**
		 * Highest cost a query may have: each field costs 1 plus what it selects, and a list field
		 * with a page size (the built-in users query: maxResultCount) multiplies what it selects by
		 * it. Checked after validation, before anything runs.
		 */
		private int maxCost = 5000;

		/**
		 * Most aliases a query may have, fragments expanded.
		 */
		private int maxAliases = 15;

		/**
		 * Most directives a query may have, fragments expanded.
		 */
		private int maxDirectives = 50;

		/**
		 * Most fragment definitions a query document may have.
		 */
		private int maxFragments = 100;

		/**
		 * Deepest nesting of fragment spreads.
		 */
		private int maxFragmentDepth = 10;

		/**
		 * How many distinct query documents that passed the limits are kept parsed and validated,
		 * so that a repeated query skips both. 0 keeps none.
		 */
		private int documentCacheSize = 500;

		public DataSize getMaxRequestSize() {
			return this.maxRequestSize;
		}

		public void setMaxRequestSize(DataSize maxRequestSize) {
			this.maxRequestSize = maxRequestSize;
		}

		public DataSize getMaxSignInRequestSize() {
			return this.maxSignInRequestSize;
		}

		public void setMaxSignInRequestSize(DataSize maxSignInRequestSize) {
			this.maxSignInRequestSize = maxSignInRequestSize;
		}

		public Duration getBodyReadTimeout() {
			return this.bodyReadTimeout;
		}

		public void setBodyReadTimeout(Duration bodyReadTimeout) {
			this.bodyReadTimeout = bodyReadTimeout;
		}

		public Duration getTimeout() {
			return this.timeout;
		}

		public void setTimeout(Duration timeout) {
			this.timeout = timeout;
		}

		public int getMaxQueryLength() {
			return this.maxQueryLength;
		}

		public void setMaxQueryLength(int maxQueryLength) {
			this.maxQueryLength = maxQueryLength;
		}

		public int getMaxTokens() {
			return this.maxTokens;
		}

		public void setMaxTokens(int maxTokens) {
			this.maxTokens = maxTokens;
		}

		public int getMaxQueryDepth() {
			return this.maxQueryDepth;
		}

		public void setMaxQueryDepth(int maxQueryDepth) {
			this.maxQueryDepth = maxQueryDepth;
		}

		public int getMaxFields() {
			return this.maxFields;
		}

		public void setMaxFields(int maxFields) {
			this.maxFields = maxFields;
		}

		public int getMaxCost() {
			return this.maxCost;
		}

		public void setMaxCost(int maxCost) {
			this.maxCost = maxCost;
		}

		public int getMaxAliases() {
			return this.maxAliases;
		}

		public void setMaxAliases(int maxAliases) {
			this.maxAliases = maxAliases;
		}

		public int getMaxDirectives() {
			return this.maxDirectives;
		}

		public void setMaxDirectives(int maxDirectives) {
			this.maxDirectives = maxDirectives;
		}

		public int getMaxFragments() {
			return this.maxFragments;
		}

		public void setMaxFragments(int maxFragments) {
			this.maxFragments = maxFragments;
		}

		public int getDocumentCacheSize() {
			return this.documentCacheSize;
		}

		public void setDocumentCacheSize(int documentCacheSize) {
			this.documentCacheSize = documentCacheSize;
		}

		public int getMaxFragmentDepth() {
			return this.maxFragmentDepth;
		}

		public void setMaxFragmentDepth(int maxFragmentDepth) {
			this.maxFragmentDepth = maxFragmentDepth;
		}

	}

	public static final class Audit {

		/**
		 * Whether executed queries and sign-ins are written to the audit log. Needs a DataSource.
		 */
		private boolean enabled;

		/**
		 * How many audit records may wait for the background writer, also while the database
		 * cannot be reached. A record that finds the queue full is dropped, counted and logged.
		 */
		private int queueCapacity = 10_000;

		/**
		 * Longest time a written record waits before it is flushed to the database.
		 */
		private Duration flushInterval = Duration.ofMillis(500);

		/**
		 * Anonymous queries of one client address recorded one by one in each window, counted per
		 * instance. The queries past it still run; they are counted, and their number is written as
		 * one record of the address per window (AnonymousQueriesNotRecorded). 0 records anonymous
		 * queries by their number only. Queries of signed-in users and sign-in attempts are always
		 * recorded.
		 */
		private int anonymousQueriesPerWindow = 60;

		/**
		 * The window anonymous queries are counted in.
		 */
		private Duration anonymousQueryWindow = Duration.ofMinutes(1);

		/**
		 * How long records are kept. Older ones are deleted by each instance, at start and then
		 * every hour. 0 keeps them forever.
		 */
		private Duration retention = Duration.ofDays(90);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getQueueCapacity() {
			return this.queueCapacity;
		}

		public void setQueueCapacity(int queueCapacity) {
			this.queueCapacity = queueCapacity;
		}

		public Duration getFlushInterval() {
			return this.flushInterval;
		}

		public void setFlushInterval(Duration flushInterval) {
			this.flushInterval = flushInterval;
		}

		public int getAnonymousQueriesPerWindow() {
			return this.anonymousQueriesPerWindow;
		}

		public void setAnonymousQueriesPerWindow(int anonymousQueriesPerWindow) {
			this.anonymousQueriesPerWindow = anonymousQueriesPerWindow;
		}

		public Duration getAnonymousQueryWindow() {
			return this.anonymousQueryWindow;
		}

		public void setAnonymousQueryWindow(Duration anonymousQueryWindow) {
			this.anonymousQueryWindow = anonymousQueryWindow;
		}

		public Duration getRetention() {
			return this.retention;
		}

		public void setRetention(Duration retention) {
			this.retention = retention;
		}

	}

	public static final class Identity {

		/**
		 * Whether the module keeps identity data (tenants, users, roles, organization units,
		 * permissions, audit records) in the host's DataSource, in tables of its own (svc_*)
		 * created by migrations with a history table of their own. A host that declares its own
		 * IdentityStore bean gets neither the tables nor the store.
		 */
		private boolean enabled = true;

		/**
		 * Whether the module's migrations also load the demo data: a host admin and tenants with
		 * users whose password is 123qwe. For demos and tests only, never in production.
		 */
		private boolean demoData;

		/**
		 * How long the module's store keeps a user's effective permissions before reading them
		 * again: the longest a grant or a revocation takes to reach queries on each instance,
		 * as graphql.sign-in.session-check-interval is for log-outs. 0 reads them on every
		 * query.
		 */
		private Duration permissionCacheDuration = Duration.ofSeconds(5);

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public boolean isDemoData() {
			return this.demoData;
		}

		public void setDemoData(boolean demoData) {
			this.demoData = demoData;
		}

		public Duration getPermissionCacheDuration() {
			return this.permissionCacheDuration;
		}

		public void setPermissionCacheDuration(Duration permissionCacheDuration) {
			this.permissionCacheDuration = permissionCacheDuration;
		}

	}

	public static final class SignIn {

		private final Cookie cookie = new Cookie();

		private final Token token = new Token();

		private final Lockout lockout = new Lockout();

		private final Throttle throttle = new Throttle();

		private final Password password = new Password();

		private final TwoFactor twoFactor = new TwoFactor();

		/**
		 * How long an instance trusts a session (a token's or a cookie's) before asking the
		 * database again: the longest a session keeps working elsewhere after a log-out, or its
		 * user's deactivation, lockout or password change, or its tenant's deactivation.
		 */
		private Duration sessionCheckInterval = Duration.ofSeconds(5);

		public Cookie getCookie() {
			return this.cookie;
		}

		public Token getToken() {
			return this.token;
		}

		public Lockout getLockout() {
			return this.lockout;
		}

		public Throttle getThrottle() {
			return this.throttle;
		}

		public Password getPassword() {
			return this.password;
		}

		public Duration getSessionCheckInterval() {
			return this.sessionCheckInterval;
		}

		public void setSessionCheckInterval(Duration sessionCheckInterval) {
			this.sessionCheckInterval = sessionCheckInterval;
		}

		public TwoFactor getTwoFactor() {
			return this.twoFactor;
		}

		/**
		 * Two-factor sign-in: a user who has set up an authenticator app (or gets codes by
		 * e-mail or text message, when the host sends them) types a one-time code after its
		 * password.
		 */
		public static final class TwoFactor {

			/**
			 * The name authenticator apps show the account under. Empty for the application's
			 * name (spring.application.name).
			 */
			private @Nullable String issuer;

			/**
			 * How long the second step that a sign-in with the right password opens stays open,
			 * from the password; codes sent by e-mail or text message work until it closes.
			 * Sending codes does not extend it.
			 */
			private Duration codeLifetime = Duration.ofMinutes(5);

			/**
			 * How long a client that asked to be remembered skips the second step.
			 */
			private Duration rememberClientLifetime = Duration.ofDays(30);

			/**
			 * Shortest time between two codes sent to a user by e-mail or text message. Asking
			 * sooner answers 429 with Retry-After.
			 */
			private Duration sendCooldown = Duration.ofSeconds(30);

			/**
			 * Most codes sent to a user by e-mail or text message in an hour. Asking for more
			 * answers 429 with Retry-After.
			 */
			private int maxCodesPerHour = 5;

			/**
			 * Whether two-factor codes "sent by e-mail" are written to the log instead, when the
			 * application declares no TwoFactorCodeSender. For development and demos only.
			 */
			private boolean logCodes;

			public @Nullable String getIssuer() {
				return this.issuer;
			}

			public void setIssuer(@Nullable String issuer) {
				this.issuer = issuer;
			}

			public Duration getCodeLifetime() {
				return this.codeLifetime;
			}

			public void setCodeLifetime(Duration codeLifetime) {
				this.codeLifetime = codeLifetime;
			}

			public Duration getRememberClientLifetime() {
				return this.rememberClientLifetime;
			}

			public void setRememberClientLifetime(Duration rememberClientLifetime) {
				this.rememberClientLifetime = rememberClientLifetime;
			}

			public Duration getSendCooldown() {
				return this.sendCooldown;
			}

			public void setSendCooldown(Duration sendCooldown) {
				this.sendCooldown = sendCooldown;
			}

			public boolean isLogCodes() {
				return this.logCodes;
			}

			public void setLogCodes(boolean logCodes) {
				this.logCodes = logCodes;
			}

			public int getMaxCodesPerHour() {
				return this.maxCodesPerHour;
			}

			public void setMaxCodesPerHour(int maxCodesPerHour) {
				this.maxCodesPerHour = maxCodesPerHour;
			}

		}

		public static final class Lockout {

			/**
			 * Failed sign-ins in a row after which an account, or a user name that belongs to no
			 * account, is locked out. A successful sign-in starts the count again.
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

		public static final class Password {

			private final Hashing hashing = new Hashing();

			private final Policy policy = new Policy();

			/**
			 * How long the one-time code works that a user who must change its password gets
			 * at sign-in instead of tokens or a session.
			 */
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
			 * How new passwords are hashed: Argon2id (OWASP's parameters by default) when
			 * Bouncy Castle is on the class path, as the starter brings it, else bcrypt. A
			 * stored hash of another kind, or of weaker parameters, is hashed again on the
			 * user's next successful sign-in. A host {@code PasswordEncoder} bean replaces all
			 * of this.
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

				/**
				 * The fewest characters a new password may have.
				 */
				private int minLength = 8;

				public int getMinLength() {
					return this.minLength;
				}

				public void setMinLength(int minLength) {
					this.minLength = minLength;
				}

			}

		}

		public static final class Cookie {

			/**
			 * Whether users of the identity data sign in with a session cookie by posting their
			 * tenancy name, user name or e-mail address and password to the login path, as a form
			 * (with the host's CSRF token) or as JSON.
			 */
			private boolean enabled;

			/**
			 * Path that the login form or script posts to. The page itself, served with GET on
			 * the same path, is the host's.
			 */
			private String loginPath = "/Account/Login";

			/**
			 * Where a signed-in form post is sent, unless the user was on the way to another
			 * page of the host; a JSON post gets it as targetUrl.
			 */
			private String successUrl = "/";

			/**
			 * Path that ends the session: a POST, as a form (with the host's CSRF token) or as
			 * JSON. A form post is sent back to the login page, a JSON post gets
			 * {"success": true, "targetUrl": login path}.
			 */
			private String logoutPath = "/Account/Logout";

			/**
			 * Path where a user who must change its password sets a new one: the host's page
			 * (GET) and the POST that sets it. A login form post of such a user is sent to this
			 * page (the reset code stays in the session); a form post here takes the new
			 * password ("password") and is sent to the login page with "?passwordChanged", or
			 * back with "?error". A JSON post takes {"userId", "resetCode", "password"}, as the
			 * JSON login answered them.
			 */
			private String passwordResetPath = "/Account/ResetPassword";

			/**
			 * Longest a cookie sign-in's session lasts, however active: past it, the user signs in
			 * again.
			 */
			private Duration sessionLifetime = Duration.ofHours(12);

			public boolean isEnabled() {
				return this.enabled;
			}

			public void setEnabled(boolean enabled) {
				this.enabled = enabled;
			}

			public String getLoginPath() {
				return this.loginPath;
			}

			public void setLoginPath(String loginPath) {
				this.loginPath = loginPath;
			}

			public String getSuccessUrl() {
				return this.successUrl;
			}

			public void setSuccessUrl(String successUrl) {
				this.successUrl = successUrl;
			}

			public String getLogoutPath() {
				return this.logoutPath;
			}

			public void setLogoutPath(String logoutPath) {
				this.logoutPath = logoutPath;
			}

			public Duration getSessionLifetime() {
				return this.sessionLifetime;
			}

			public void setSessionLifetime(Duration sessionLifetime) {
				this.sessionLifetime = sessionLifetime;
			}

			public String getPasswordResetPath() {
				return this.passwordResetPath;
			}

			public void setPasswordResetPath(String passwordResetPath) {
				this.passwordResetPath = passwordResetPath;
			}

		}

		public static final class Token {

			/**
			 * Whether users of the identity data get access tokens from POST
			 * /api/TokenAuth/Authenticate and send them to the GraphQL endpoint as
			 * "Authorization: Bearer".
			 */
			private boolean enabled;

			/**
			 * Secret that signs the tokens (HMAC-SHA256), at least 32 bytes. Set it from the
			 * environment (GRAPHQL_SIGNIN_TOKEN_SIGNINGKEY), never in a committed file.
			 */
			private @Nullable String signingKey;

			/**
			 * How long an access token is valid.
			 */
			private Duration accessTokenLifetime = Duration.ofDays(1);

			/**
			 * How long a refresh token is valid, and the absolute end of the session a sign-in
			 * starts: refreshing rotates the refresh token but never moves that end.
			 */
			private Duration refreshTokenLifetime = Duration.ofDays(365);


			public boolean isEnabled() {
				return this.enabled;
			}

			public void setEnabled(boolean enabled) {
				this.enabled = enabled;
			}

			public @Nullable String getSigningKey() {
				return this.signingKey;
			}

			public void setSigningKey(@Nullable String signingKey) {
				this.signingKey = signingKey;
			}

			public Duration getAccessTokenLifetime() {
				return this.accessTokenLifetime;
			}

			public void setAccessTokenLifetime(Duration accessTokenLifetime) {
				this.accessTokenLifetime = accessTokenLifetime;
			}

			public Duration getRefreshTokenLifetime() {
				return this.refreshTokenLifetime;
			}

			public void setRefreshTokenLifetime(Duration refreshTokenLifetime) {
				this.refreshTokenLifetime = refreshTokenLifetime;
			}

		}

	}

	/**
	 * The built-in queries. Switch one off to serve its field another way, or not at all.
	 */
	public static final class Queries {

		private final Query roles = new Query();

		private final Query organizationUnits = new Query();

		private final Query users = new Query();

		/**
		 * The audit-log query of the specification's sample, off unless switched on.
		 */
		private final Query auditLogs = new Query(false);

		public Query getRoles() {
			return this.roles;
		}

		public Query getOrganizationUnits() {
			return this.organizationUnits;
		}

		public Query getUsers() {
			return this.users;
		}

		public Query getAuditLogs() {
			return this.auditLogs;
		}

		public static final class Query {

			/**
			 * Whether the query is served, with its field in the schema. On by default for the
			 * built-in roles, organizationUnits and users queries, off for auditLogs.
			 */
			private boolean enabled;

			public Query() {
				this(true);
			}

			Query(boolean enabled) {
				this.enabled = enabled;
			}

			public boolean isEnabled() {
				return this.enabled;
			}

			public void setEnabled(boolean enabled) {
				this.enabled = enabled;
			}

		}

	}

}
