package dev.svc.graphql.signin.token;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

import jakarta.servlet.http.HttpServletRequest;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.TwoFactorSignIn;
import dev.svc.graphql.signin.token.AjaxResponse.ErrorInfo;
import dev.svc.graphql.signin.token.AjaxResponse.ValidationError;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Setting up two-factor sign-in with an authenticator app, for the user of the bearer token or of
 * the session cookie (JSON bodies only, which no page of another site can send without a CORS
 * preflight):
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

	private final SecurityContextRepository sessions = new HttpSessionSecurityContextRepository();

	TwoFactorController(TokenService tokens, TwoFactorSignIn twoFactor, Clock clock) {
		this.tokens = tokens;
		this.twoFactor = twoFactor;
		this.clock = clock;
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/Authenticator", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> startAuthenticatorSetup(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		return asUser(request, authorization, (user) -> this.twoFactor.startAuthenticatorSetup(user)
			.map((setup) -> ResponseEntity.ok(AjaxResponse.success(setup)))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.CONFLICT)
				.body(AjaxResponse.failure(new ErrorInfo(0,
						"Two-factor sign-in is on: turn it off with a code of your authenticator app first.", null,
						null), false))));
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/Authenticator/Enable", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> enableAuthenticator(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody CodeModel model) {
		return asUser(request, authorization,
				(user) -> answer(this.twoFactor.enableAuthenticator(user, model.code(), this.clock.instant())));
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/Disable", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> disable(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody CodeModel model) {
		return asUser(request, authorization, (user) -> answer(this.twoFactor.disable(user, model.code(), this.clock.instant())));
	}

	// the user of the bearer token, else of the session (this path's chain keeps no context itself)
	private ResponseEntity<AjaxResponse> asUser(HttpServletRequest request, @Nullable String authorization,
			Function<SignedInUser, ResponseEntity<AjaxResponse>> action) {
		Optional<SignedInUser> user = (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7))
				? this.tokens.readAccessToken(authorization.substring(7).trim()) : sessionUser(request);
		return user.map(action)
			.orElseGet(() -> ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(AjaxResponse.failure(new ErrorInfo(0, "Current user did not login to the application!", null,
						null), true)));
	}

	private Optional<SignedInUser> sessionUser(HttpServletRequest request) {
		if (request.getSession(false) == null) {
			return Optional.empty();
		}
		Authentication authentication = this.sessions.loadDeferredContext(request).get().getAuthentication();
		return (authentication != null && authentication.getPrincipal() instanceof SignedInUser user)
				? Optional.of(user) : Optional.empty();
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
