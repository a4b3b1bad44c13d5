package dev.svc.graphql.signin.password;

import java.time.Instant;

import dev.svc.graphql.context.SignedInUser;

/**
 * The step of a sign-in after a right password, for a user who has one: the second factor
 * takes it ({@code TwoFactorSignIn} in {@code signin.twofactor}). The password check owns
 * this contract, so that it does not depend on the room that answers it.
 */
public interface SecondStep {

	/**
	 * Checks what the client brought for the second step of a user whose password was
	 * right.
	 * @param user the user
	 * @param given the code or remembered client's token
	 * @param now the time of the sign-in
	 * @return {@link SignInResult.Outcome#SUCCESS} (with a remember-client token, if
	 * asked), {@link SignInResult.Outcome#TWO_FACTOR_REQUIRED} or
	 * {@link SignInResult.Outcome#INVALID_TWO_FACTOR_CODE}
	 */
	SignInResult check(SignedInUser user, SecondFactor given, Instant now);

}
