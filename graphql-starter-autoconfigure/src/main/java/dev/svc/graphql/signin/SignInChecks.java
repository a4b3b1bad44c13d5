package dev.svc.graphql.signin;

import java.time.Clock;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * What every check of a secret shares: one instance, so that a password, a two-factor
 * change and a reset code spend from the same budget and wait for the same hashing turns.
 * Not a {@link PasswordEncoder} bean: the host's own password checks stay the host's.
 *
 * @param passwordEncoder the hashing
 * @param budget the throttle and the lockout
 * @param audit the audit records of attempts
 * @param resetCodes the reset codes
 * @param clock the time
 */
record SignInChecks(PasswordEncoder passwordEncoder, AttemptBudget budget, SignInAudit audit,
		PasswordResetCodes resetCodes, Clock clock) {
}
