package dev.svc.graphql.signin.token;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.TwoFactorSignIn;
import dev.svc.graphql.signin.token.AjaxResponse.ErrorInfo;
import dev.svc.graphql.signin.token.AjaxResponse.ValidationError;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Setting up two-factor sign-in with an authenticator app, for the user of the bearer token:
 * {@code POST /api/TokenAuth/TwoFactor/Authenticator} answers a new secret and its
 * {@code otpauth://} URI; {@code .../Authenticator/Enable} with {@code {"code": "123456"}} turns
 * two-factor sign-in on once a code of the app proves it is set up; {@code .../Disable} with a
 * code turns it off.
 */
@RestController
final class TwoFactorController {

	private final TokenService tokens;

	private final TwoFactorSignIn twoFactor;

	private final Clock clock;

	TwoFactorController(TokenService tokens, TwoFactorSignIn twoFactor, Clock clock) {
		this.tokens = tokens;
		this.twoFactor = twoFactor;
		this.clock = clock;
	}

	@PostMapping("/api/TokenAuth/TwoFactor/Authenticator")
	ResponseEntity<AjaxResponse> startAuthenticatorSetup(
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		return asUser(authorization, (user) -> this.twoFactor.startAuthenticatorSetup(user)
			.map((setup) -> ResponseEntity.ok(AjaxResponse.success(setup)))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.CONFLICT)
				.body(AjaxResponse.failure(new ErrorInfo(0,
						"Two-factor sign-in is on: turn it off with a code of your authenticator app first.", null,
						null), false))));
	}

	@PostMapping("/api/TokenAuth/TwoFactor/Authenticator/Enable")
	ResponseEntity<AjaxResponse> enableAuthenticator(
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody CodeModel model) {
		return asUser(authorization,
				(user) -> answer(this.twoFactor.enableAuthenticator(user, model.code(), this.clock.instant())));
	}

	@PostMapping("/api/TokenAuth/TwoFactor/Disable")
	ResponseEntity<AjaxResponse> disable(
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody CodeModel model) {
		return asUser(authorization, (user) -> answer(this.twoFactor.disable(user, model.code(), this.clock.instant())));
	}

	private ResponseEntity<AjaxResponse> asUser(@Nullable String authorization,
			Function<SignedInUser, ResponseEntity<AjaxResponse>> action) {
		Optional<SignedInUser> user = (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7))
				? this.tokens.readAccessToken(authorization.substring(7).trim()) : Optional.empty();
		return user.map(action)
			.orElseGet(() -> ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(AjaxResponse.failure(new ErrorInfo(0, "Current user did not login to the application!", null,
						null), true)));
	}

	private static ResponseEntity<AjaxResponse> answer(boolean done) {
		if (done) {
			return ResponseEntity.ok(AjaxResponse.success(null));
		}
		return ResponseEntity.badRequest()
			.body(AjaxResponse.failure(new ErrorInfo(0, "Invalid security code!", null,
					List.of(new ValidationError("The code is not one your authenticator app shows now.",
							List.of("code")))),
					false));
	}

	/**
	 * A code of the authenticator app.
	 *
	 * @param code the 6 digits the app shows
	 */
	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	record CodeModel(@Nullable String code) {
	}

}
