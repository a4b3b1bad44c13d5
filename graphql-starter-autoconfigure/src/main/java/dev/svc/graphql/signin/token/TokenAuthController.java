package dev.svc.graphql.signin.token;

import java.util.ArrayList;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.SignInResult;
import dev.svc.graphql.signin.SignInService;
import dev.svc.graphql.signin.token.AjaxResponse.ErrorInfo;
import dev.svc.graphql.signin.token.AjaxResponse.ValidationError;

import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Token sign-in: {@code POST /api/TokenAuth/Authenticate} with a JSON body answers an access
 * token (JWT, {@code Authorization: Bearer}) and a refresh token in the usual envelope.
 */
@RestController
@RequestMapping("/api/TokenAuth")
final class TokenAuthController {

	private final SignInService signInService;

	private final TokenService tokens;

	TokenAuthController(SignInService signInService, TokenService tokens) {
		this.signInService = signInService;
		this.tokens = tokens;
	}

	// no "consumes": another content type reaches the handler, whose envelope says what is wrong
	@PostMapping("/Authenticate")
	ResponseEntity<AjaxResponse> authenticate(@RequestBody AuthenticateModel model, HttpServletRequest request) {
		List<ValidationError> invalid = new ArrayList<>();
		if (model.userNameOrEmailAddress() == null || model.userNameOrEmailAddress().isBlank()) {
			invalid.add(new ValidationError("The userNameOrEmailAddress field is required.",
					List.of("userNameOrEmailAddress")));
		}
		if (model.password() == null || model.password().isEmpty()) {
			invalid.add(new ValidationError("The password field is required.", List.of("password")));
		}
		if (!invalid.isEmpty()) {
			return invalidRequest("Your request is not valid!", invalid);
		}
		SignInResult result = this.signInService.signIn(model.tenancyName(), model.userNameOrEmailAddress(),
				model.password(), request.getRemoteAddr());
		if (!result.succeeded()) {
			return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(AjaxResponse.failure(new ErrorInfo(0, result.message(), null, null), true));
		}
		SignedInUser user = result.user();
		String accessToken = this.tokens.accessToken(user);
		return ResponseEntity.ok(AjaxResponse.success(new AuthenticateResultModel(accessToken,
				this.tokens.encrypt(accessToken), this.tokens.accessTokenLifetime().toSeconds(),
				result.shouldChangePassword(), null, user.userId(), false, null, null, null, this.tokens.refreshToken(user),
				this.tokens.refreshTokenLifetime().toSeconds())));
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	ResponseEntity<AjaxResponse> unreadable(HttpMessageNotReadableException ex) {
		return invalidRequest("Your request is not valid!", List.of(new ValidationError(
				"The body must be a JSON object: {\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"...\", \"password\": \"...\"}.",
				List.of())));
	}

	@ExceptionHandler(HttpMediaTypeNotSupportedException.class)
	ResponseEntity<AjaxResponse> unsupported(HttpMediaTypeNotSupportedException ex) {
		return ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
			.body(AjaxResponse.failure(new ErrorInfo(0, "Send the request as Content-Type: application/json.",
					null, null), false));
	}

	private static ResponseEntity<AjaxResponse> invalidRequest(String message, List<ValidationError> errors) {
		return ResponseEntity.badRequest().body(AjaxResponse.failure(new ErrorInfo(0, message,
				errors.stream().map(ValidationError::message).reduce((a, b) -> a + " " + b).orElse(null), errors),
				false));
	}

}
