package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.util.List;

import dev.svc.graphql.signin.password.SignInInput.ValidationError;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;

/**
 * What the cookie sign-in answers a JSON post, named as the token sign-in names the same
 * things, so that one page script reads both. {@code success} is true only once the user
 * is signed in or its new password set; a password change or second step still to come
 * answers false with what the page needs next.
 */
final class LoginBodies {

	private LoginBodies() {
	}

	static void write(HttpServletResponse response, HttpStatus status, Object body) throws IOException {
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		JsonMapper.shared().writeValue(response.getOutputStream(), body);
	}

	record Succeeded(boolean success, String targetUrl) {
	}

	record ResetRequired(boolean success, String targetUrl, Result result, Failed.Error error) {

		record Result(boolean shouldResetPassword, String passwordResetCode, long userId) {
		}

	}

	record SecondStep(boolean success, Result result, Failed.Error error) {

		record Result(boolean requiresTwoFactorVerification, List<String> twoFactorAuthProviders, long userId) {
		}

	}

	record ResetDone(boolean success, String targetUrl, Result result) {

		record Result(boolean canLogin, String userName) {
		}

	}

	record Failed(boolean success, Error error) {

		record Error(String message, @Nullable List<ValidationError> validationErrors) {
		}

	}

}
