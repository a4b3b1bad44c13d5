package dev.svc.graphql.signin;

import java.time.Clock;

import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * What every check of a secret shares, whichever service makes it: the password hashing
 * (a bounded number at once), the one attempt budget, the audit of attempts, the reset
 * codes, and the time. One instance, so that a password, a two-factor change and a reset
 * code spend from the same budget and wait for the same hashing turns. It is not a
 * {@link PasswordEncoder} bean: the host's own password checks stay the host's.
 *
 * @param passwordEncoder the hashing
 * @param budget the throttle and the lockout
 * @param audit the audit records of attempts
 * @param resetCodes the one-time codes to set a new password with
 * @param clock the time
 */
record SignInChecks(PasswordEncoder passwordEncoder, AttemptBudget budget, SignInAudit audit,
		PasswordResetCodes resetCodes, Clock clock) {
}
