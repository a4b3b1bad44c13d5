package dev.svc.graphql.signin.token;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.svc.graphql.RetryAfter;
import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.password.SecondFactor;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.SignInInput.ValidationError;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.TenancyAuthenticationDetails;
import dev.svc.graphql.signin.reset.PasswordResetResult;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.signin.token.AjaxResponse.ErrorInfo;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.web.HttpMediaTypeNotSupportedException;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

@RestController
final class TokenAuthController {

	/** The reset path as users of the original know it. */
	static final String RESET_PASSWORD_PATH = "/api/services/app/Account/ResetPassword";

	private final AuthenticationManager signIns;

	private final PasswordResetService passwordReset;

	private final @Nullable TwoFactorService twoFactor;

	private final TokenService tokens;

	TokenAuthController(AuthenticationManager signIns, PasswordResetService passwordReset,
			@Nullable TwoFactorService twoFactor, TokenService tokens) {
		this.signIns = signIns;
		this.passwordReset = passwordReset;
		this.twoFactor = twoFactor;
		this.tokens = tokens;
	}

	// no "consumes", so another content type gets this controller's envelope
	@PostMapping("/api/TokenAuth/Authenticate")
	ResponseEntity<AjaxResponse> authenticate(@RequestBody AuthenticateModel model, HttpServletRequest request) {
		List<ValidationError> invalid = ValidationError
			.of(new SignInInput(model.tenancyName(), model.userNameOrEmailAddress(), model.password()).problems());
		UsernamePasswordAuthenticationToken attempt = UsernamePasswordAuthenticationToken.unauthenticated(
				(model.userNameOrEmailAddress() != null) ? model.userNameOrEmailAddress() : "", model.password());
		TenancyAuthenticationDetails details = new TenancyAuthenticationDetails(request, model.tenancyName(),
				new SecondFactor(model.twoFactorVerificationCode(), Boolean.TRUE.equals(model.rememberClient()),
						model.twoFactorRememberClientToken()));
		attempt.setDetails(details);
		SignedInUser user;
		try {
			user = (SignedInUser) Objects.requireNonNull(this.signIns.authenticate(attempt).getPrincipal());
		}
		catch (SignInResult.Refused refused) {
			return invalid.isEmpty() ? refused(refused.getResult())
					// audited and throttled as any sign-in; the answer says what is wrong
					: invalidRequest("Your request is not valid!", invalid);
		}
		TokenService.Tokens issued = this.tokens.signIn(user);
		return ResponseEntity.ok(AjaxResponse.success(new AuthenticateResultModel(issued.accessToken(),
				this.tokens.encrypt(issued.accessToken()), issued.accessTokenLifetime().toSeconds(), false, null,
				user.userId(), false, null, details.twoFactorRememberClientToken(), null, issued.refreshToken(),
				issued.refreshTokenLifetime().toSeconds())));
	}

	static ResponseEntity<AjaxResponse> refused(SignInResult result) {
		if (result.outcome() == SignInResult.Outcome.THROTTLED) {
			return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
				.header(HttpHeaders.RETRY_AFTER,
						String.valueOf(Objects.requireNonNull(result.retryAfter(), "throttled").toSeconds()))
				.body(AjaxResponse.failure(result.failureMessage(), false));
		}
		SignedInUser user = result.user();
		if (result.outcome() == SignInResult.Outcome.PASSWORD_CHANGE_REQUIRED && user != null) {
			// no tokens: the code sets a new password, then the user signs in with it
			return ResponseEntity.ok(AjaxResponse.success(new AuthenticateResultModel(null, null, 0, true,
					result.passwordResetCode(), user.userId(), false, null, null, null, null, 0)));
		}
		if (result.outcome() == SignInResult.Outcome.TWO_FACTOR_REQUIRED && user != null) {
			// no tokens yet: the client signs in again with a code
			return ResponseEntity.ok(AjaxResponse.success(new AuthenticateResultModel(null, null, 0, false, null,
					user.userId(), true, result.twoFactorAuthProviders(), null, null, null, 0)));
		}
		return ResponseEntity.status(HttpStatus.UNAUTHORIZED).body(AjaxResponse.failure(result.failureMessage(), true));
	}

	/**
	 * Answers success whether or not a code was sent, so that it tells nothing of the
	 * user, and 429 with {@code Retry-After} when a code went to the user moments ago or
	 * too many this hour.
	 */
	@PostMapping("/api/TokenAuth/SendTwoFactorAuthCode")
	ResponseEntity<AjaxResponse> sendTwoFactorAuthCode(@RequestBody SendTwoFactorAuthCodeModel model,
			HttpServletRequest request) {
		if (model.userId() == null || model.provider() == null || model.provider().isBlank()) {
			return invalidRequest("Your request is not valid!",
					List.of(new ValidationError("The userId and provider fields are required.",
							List.of("userId", "provider"))));
		}
		// without two-factor sign-in there is no code to send; the answer is the same
		Duration wait = (this.twoFactor != null)
				? this.twoFactor.sendTwoFactorCode(model.userId(), model.provider(), ClientAddress.of(request)) : null;
		if (wait != null) {
			long seconds = RetryAfter.seconds(wait);
			return ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
				.header(HttpHeaders.RETRY_AFTER, String.valueOf(seconds))
				.body(AjaxResponse.failure(
						"Codes go to a user at most so often. Please try again in " + seconds + " seconds.", false));
		}
		return ResponseEntity.ok(AjaxResponse.success(null));
	}

	/** The code works once; the user then signs in with the new password. */
	@PostMapping(RESET_PASSWORD_PATH)
	ResponseEntity<AjaxResponse> resetPassword(@RequestBody ResetPasswordModel model, HttpServletRequest request) {
		if (model.userId() == null) {
			return invalidRequest("Your request is not valid!",
					List.of(new ValidationError("The userId field is required.", List.of("userId"))));
		}
		PasswordResetResult result = this.passwordReset.resetPassword(model.userId(), model.resetCode(),
				model.password(), ClientAddress.of(request));
		return switch (result.outcome()) {
			case RESET -> ResponseEntity.ok(AjaxResponse.success(new ResetPasswordResult(true,
					Objects.requireNonNull(result.userName(), "a reset names its user"))));
			case INVALID_INPUT -> invalidRequest(result.failureMessage(), ValidationError.of(result.problems()));
			case THROTTLED -> ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
				.header(HttpHeaders.RETRY_AFTER,
						String.valueOf(Objects.requireNonNull(result.retryAfter(), "throttled").toSeconds()))
				.body(AjaxResponse.failure(result.failureMessage(), false));
			case INVALID_CODE -> ResponseEntity.badRequest().body(AjaxResponse.failure(result.failureMessage(), false));
		};
	}

	/**
	 * The refresh token comes in the body, never in the URL, where logs and browser
	 * histories would keep it. Each works once: one presented again ends its session,
	 * whose end no refresh moves.
	 */
	@PostMapping("/api/TokenAuth/RefreshToken")
	ResponseEntity<AjaxResponse> refreshToken(@RequestBody(required = false) @Nullable RefreshTokenModel model) {
		String refreshToken = (model != null) ? model.refreshToken() : null;
		if (refreshToken == null || refreshToken.isBlank()) {
			return invalidRequest("Your request is not valid!",
					List.of(new ValidationError(
							"The refreshToken field is required, in a JSON body: {\"refreshToken\": \"...\"}.",
							List.of("refreshToken"))));
		}
		return this.tokens.refresh(refreshToken)
			.map((issued) -> ResponseEntity.ok(AjaxResponse.success(new RefreshTokenResult(issued.accessToken(),
					this.tokens.encrypt(issued.accessToken()), issued.accessTokenLifetime().toSeconds(),
					issued.refreshToken(), issued.refreshTokenLifetime().toSeconds()))))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(AjaxResponse.failure("The refresh token is not valid, or its session has ended: sign in again.",
						true)));
	}

	/**
	 * Every token of the session stops working, on every instance within the session
	 * check interval. Success whether or not there was a session to end.
	 */
	@GetMapping("/api/TokenAuth/LogOut")
	ResponseEntity<AjaxResponse> logOut(
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		if (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
			this.tokens.logOut(authorization.substring(7).trim());
		}
		return ResponseEntity.ok(AjaxResponse.success(null));
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	@Nullable ResponseEntity<AjaxResponse> unreadable(HttpMessageNotReadableException ex, HttpServletRequest request,
			HttpServletResponse response) {
		if (response.isCommitted()) {
			// the body limit refused the body and answered already
			return null;
		}
		String uri = request.getRequestURI();
		String shape = uri.endsWith("/RefreshToken") ? "{\"refreshToken\": \"...\"}"
				: uri.endsWith("/SendTwoFactorAuthCode") ? "{\"userId\": 2, \"provider\": \"Email\"}"
						: uri.endsWith(RESET_PASSWORD_PATH)
								? "{\"userId\": 2, \"resetCode\": \"...\", \"password\": \"...\"}"
								: "{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"...\", \"password\": \"...\"}";
		return invalidRequest("Your request is not valid!",
				List.of(new ValidationError("The body must be a JSON object: " + shape + ".", List.of())));
	}

	@ExceptionHandler(HttpMediaTypeNotSupportedException.class)
	ResponseEntity<AjaxResponse> unsupported(HttpMediaTypeNotSupportedException ex) {
		return ResponseEntity.status(HttpStatus.UNSUPPORTED_MEDIA_TYPE)
			.body(AjaxResponse.failure("Send the request as Content-Type: application/json.", false));
	}

	private static ResponseEntity<AjaxResponse> invalidRequest(String message, List<ValidationError> errors) {
		return ResponseEntity.badRequest()
			.body(AjaxResponse.failure(new ErrorInfo(0, message,
					errors.stream().map(ValidationError::message).reduce((a, b) -> a + " " + b).orElse(null), errors),
					false));
	}

	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	@SpecificationJson
	record SendTwoFactorAuthCodeModel(@Nullable Long userId, @Nullable String provider) {
	}

	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	@SpecificationJson
	record ResetPasswordModel(@Nullable Long userId, @Nullable String resetCode, @Nullable String password) {
	}

	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	@SpecificationJson
	record RefreshTokenModel(@Nullable String refreshToken) {
	}

	@SpecificationJson
	record ResetPasswordResult(boolean canLogin, String userName) {
	}

	@SpecificationJson
	record RefreshTokenResult(String accessToken, String encryptedAccessToken, long expireInSeconds,
			String refreshToken, long refreshTokenExpireInSeconds) {
	}

}
