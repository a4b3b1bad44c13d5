package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * What the cookie sign-in answers a JSON post, named as the token sign-in names the same
 * things, so that one page script reads both.
 */
final class LoginBodies {

	private LoginBodies() {
	}

	static void write(HttpServletResponse response, HttpStatus status, Object body) throws IOException {
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		JsonMapper.shared().writeValue(response.getOutputStream(), body);
	}

	/**
	 * The answer to a JSON login post that signed the user in.
	 *
	 * @param success always true
	 * @param targetUrl where the page should go next
	 */
	record Succeeded(boolean success, String targetUrl) {
	}

	/**
	 * The answer to a JSON login post of a user who must change its password.
	 *
	 * @param success always false: nobody is signed in
	 * @param targetUrl the password reset page
	 * @param result what the reset needs
	 * @param error what to tell the user
	 */
	record ResetRequired(boolean success, String targetUrl, Result result, Failed.Error error) {

		/**
		 * What setting the new password needs, named as the token sign-in names it.
		 *
		 * @param shouldResetPassword always true
		 * @param passwordResetCode the one-time code
		 * @param userId the user
		 */
		record Result(boolean shouldResetPassword, String passwordResetCode, long userId) {
		}

	}

	/**
	 * The answer to a JSON login post whose password was right, when a second factor is
	 * needed.
	 *
	 * @param success always false: nobody is signed in yet
	 * @param result what the second step needs
	 * @param error what to tell the user
	 */
	record SecondStep(boolean success, Result result, Failed.Error error) {

		/**
		 * The second step, named as the token sign-in names it.
		 *
		 * @param requiresTwoFactorVerification always true
		 * @param twoFactorAuthProviders the ways the user can give its code
		 * @param userId the user, to have a code sent to
		 */
		record Result(boolean requiresTwoFactorVerification, List<String> twoFactorAuthProviders, long userId) {
		}

	}

	/**
	 * The answer to a JSON password reset post that set the password.
	 *
	 * @param success always true
	 * @param targetUrl the login page, to sign in with the new password
	 * @param result what the token sign-in's reset answers
	 */
	record ResetDone(boolean success, String targetUrl, Result result) {

		/**
		 * The user may sign in now.
		 *
		 * @param canLogin always true
		 * @param userName the name to sign in with
		 */
		record Result(boolean canLogin, String userName) {
		}

	}

	/**
	 * The answer to a JSON login post that did not.
	 *
	 * @param success always false
	 * @param error why
	 */
	record Failed(boolean success, Error error) {

		/**
		 * Why a sign-in failed.
		 *
		 * @param message what to tell the user
		 * @param validationErrors what is wrong with each field, when the post was not
		 * valid
		 */
		record Error(String message, @Nullable List<ValidationError> validationErrors) {
		}

		/**
		 * What is wrong with a field of the post.
		 *
		 * @param message what is wrong and what is allowed
		 * @param members the field
		 */
		record ValidationError(String message, List<String> members) {
		}

	}

}
