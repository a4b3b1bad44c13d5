package dev.svc.graphql.signin.password;

import java.time.Clock;
import java.time.Duration;
import java.util.function.Supplier;

import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.ratelimit.SharedBuckets;
import org.jspecify.annotations.Nullable;

import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.util.unit.DataSize;

/**
 * What every check of a secret shares: one instance, so that a password, a two-factor
 * change and a reset code spend from the same budget and wait for the same hashing turns.
 * Not a {@link PasswordEncoder} bean: the host's own password checks stay the host's. The
 * second factor and password reset take theirs from here.
 *
 * @param passwordEncoder the hashing
 * @param budget the throttle and the lockout
 * @param audit the audit records of attempts
 * @param resetCodes the reset codes
 * @param clock the time
 */
public record SignInChecks(PasswordEncoder passwordEncoder, AttemptBudget budget, SignInAudit audit,
		PasswordResetCodes resetCodes, Clock clock) {

	/**
	 * The checks, with the module's hashing turns, throttle window and reset code
	 * lifetime.
	 * @param encoder the hashing, obtained at the first check
	 * @param attempts the counts of failed attempts
	 * @param buckets the throttle's buckets
	 * @param throttleMaxAttempts the attempts an address or account may make a window
	 * @param maxFailedAttempts the failures in a row that lock an account out
	 * @param lockoutDuration how long a lockout lasts
	 * @param credentials where reset codes are kept
	 * @param audit the audit records of attempts
	 * @param clock the time
	 * @return the checks
	 */
	public static SignInChecks of(Supplier<PasswordEncoder> encoder, SignInAttempts attempts, SharedBuckets buckets,
			int throttleMaxAttempts, int maxFailedAttempts, Duration lockoutDuration, CredentialStore credentials,
			SignInAudit audit, Clock clock) {
		AttemptBudget budget = new AttemptBudget(attempts,
				new SignInThrottle(buckets, throttleMaxAttempts, SignInThrottle.WINDOW), maxFailedAttempts,
				lockoutDuration);
		return new SignInChecks(new PasswordHashing(encoder, PasswordHashing.MAX_CONCURRENT), budget, audit,
				new PasswordResetCodes(credentials, budget, PasswordResetCodes.LIFETIME), clock);
	}

	/**
	 * The module's password encoder, for a host that declares none.
	 * @param memory the memory of one hashing, which sets its passes too
	 * @param classLoader where to look for the hashing library
	 * @return the encoder
	 */
	public static PasswordEncoder defaultEncoder(DataSize memory, @Nullable ClassLoader classLoader) {
		return PasswordHashing.defaultEncoder(memory, classLoader);
	}

	/**
	 * The module's sign-in service over these checks.
	 * @param identities the tenants
	 * @param credentials the users' credentials
	 * @param secondStep the second factor, {@code null} where there is none
	 * @return the service
	 */
	public SignInService signInService(IdentityStore identities, CredentialStore credentials,
			@Nullable SecondStep secondStep) {
		return new DefaultSignInService(identities, credentials, this.passwordEncoder, this.budget, this.resetCodes,
				secondStep, this.clock);
	}

}
