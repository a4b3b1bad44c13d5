package dev.svc.graphql.signin.token;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.password.SignInInput.ValidationError;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.token.AjaxResponse.ErrorInfo;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import dev.svc.graphql.signin.twofactor.TwoFactorSignIn;
import dev.svc.graphql.signin.twofactor.TwoFactorStore.RememberedClient;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.security.core.Authentication;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * Setting up two-factor sign-in with an authenticator app, for the user of the bearer
 * token or of the session cookie. JSON bodies only, which no page of another site can
 * send without a CORS preflight. The password and code go through the
 * {@link TwoFactorService}, so wrong ones count toward the user's lockout and the
 * client's throttle as wrong sign-ins do.
 */
@RestController
final class TwoFactorController {

	private final TokenService tokens;

	private final TwoFactorSignIn twoFactor;

	private final TwoFactorService twoFactorService;

	private final SecurityContextRepository sessions = new HttpSessionSecurityContextRepository();

	TwoFactorController(TokenService tokens, TwoFactorSignIn twoFactor, TwoFactorService twoFactorService) {
		this.tokens = tokens;
		this.twoFactor = twoFactor;
		this.twoFactorService = twoFactorService;
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/Authenticator", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> startAuthenticatorSetup(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		return asUser(request, authorization, (user) -> this.twoFactor.startAuthenticatorSetup(user)
			.map((setup) -> ResponseEntity
				.ok(AjaxResponse.success(new AuthenticatorSetupResult(setup.authenticatorKey(), setup.otpauthUri()))))
			.orElseGet(() -> ResponseEntity.status(HttpStatus.CONFLICT)
				.body(AjaxResponse.failure("Two-factor sign-in is on: turn it off with your password and a code of"
						+ " your authenticator app first.", false))));
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/Authenticator/Enable", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> enableAuthenticator(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody ChangeModel model) {
		return asUser(request, authorization, (user) -> changed(model, () -> this.twoFactorService
			.enableAuthenticator(user, model.password(), model.code(), ClientAddress.of(request))));
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/Disable", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> disable(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody ChangeModel model) {
		return asUser(request, authorization, (user) -> changed(model, () -> this.twoFactorService
			.disableTwoFactor(user, model.password(), model.code(), ClientAddress.of(request))));
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/RememberedClients", consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> rememberedClients(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization) {
		return asUser(request, authorization, (user) -> ResponseEntity.ok(AjaxResponse.success(new RememberedClients(
				this.twoFactor.rememberedClients(user).stream().map(RememberedClientResult::of).toList()))));
	}

	@PostMapping(path = "/api/TokenAuth/TwoFactor/RememberedClients/Forget",
			consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> forgetRememberedClient(HttpServletRequest request,
			@RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) @Nullable String authorization,
			@RequestBody ForgetModel model) {
		return asUser(request, authorization, (user) -> {
			if (model.id() == null) {
				return ResponseEntity.badRequest()
					.body(AjaxResponse.failure(new ErrorInfo(0, "Your request is not valid!", null,
							List.of(new ValidationError("The id field is required: the id of a remembered client, "
									+ "as RememberedClients lists it.", List.of("id")))),
							false));
			}
			return this.twoFactorService.forgetRememberedClient(user, model.id(), ClientAddress.of(request))
					? ResponseEntity.ok(AjaxResponse.success(null))
					: ResponseEntity.status(HttpStatus.NOT_FOUND)
						.body(AjaxResponse.failure("There is no remembered client " + model.id() + " of yours.",
								false));
		});
	}

	// the bearer token's user, else the session's (this path's chain keeps no context)
	private ResponseEntity<AjaxResponse> asUser(HttpServletRequest request, @Nullable String authorization,
			Function<SignedInUser, ResponseEntity<AjaxResponse>> action) {
		Optional<SignedInUser> user = (authorization != null && authorization.regionMatches(true, 0, "Bearer ", 0, 7))
				? this.tokens.readAccessToken(authorization.substring(7).trim())
					.map((signedIn) -> (SignedInUser) signedIn.getPrincipal())
				: sessionUser(request);
		return user.map(action)
			.orElseGet(() -> ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(AjaxResponse.failure("Current user did not login to the application!", true)));
	}

	private Optional<SignedInUser> sessionUser(HttpServletRequest request) {
		if (request.getSession(false) == null) {
			return Optional.empty();
		}
		Authentication authentication = this.sessions.loadDeferredContext(request).get().getAuthentication();
		return (authentication != null && authentication.getPrincipal() instanceof SignedInUser user)
				? Optional.of(user) : Optional.empty();
	}

	// both fields or nothing is checked; then each outcome as the sign-in answers it
	private static ResponseEntity<AjaxResponse> changed(ChangeModel model, Supplier<SignInResult> change) {
		List<ValidationError> missing = new ArrayList<>();
		if (model.password() == null || model.password().isEmpty()) {
			missing.add(new ValidationError("The password field is required: give your password again.",
					List.of("password")));
		}
		if (model.code() == null || model.code().isBlank()) {
			missing.add(new ValidationError("The code field is required: the code your authenticator app shows now.",
					List.of("code")));
		}
		if (!missing.isEmpty()) {
			return ResponseEntity.badRequest()
				.body(AjaxResponse.failure(new ErrorInfo(0, "Your request is not valid!", null, missing), false));
		}
		SignInResult result = change.get();
		return switch (result.outcome()) {
			case SUCCESS -> ResponseEntity.ok(AjaxResponse.success(null));
			case THROTTLED -> ResponseEntity.status(HttpStatus.TOO_MANY_REQUESTS)
				.header(HttpHeaders.RETRY_AFTER,
						String.valueOf(Objects.requireNonNull(result.retryAfter(), "throttled").toSeconds()))
				.body(AjaxResponse.failure(result.failureMessage(), false));
			case TWO_FACTOR_UNCHANGED ->
				ResponseEntity.status(HttpStatus.CONFLICT).body(AjaxResponse.failure(result.failureMessage(), false));
			case INVALID_CREDENTIALS ->
				ResponseEntity.badRequest()
					.body(AjaxResponse.failure(
							new ErrorInfo(0, result.failureMessage(), null,
									List.of(new ValidationError(result.failureMessage(), List.of("password")))),
							false));
			case INVALID_TWO_FACTOR_CODE -> ResponseEntity.badRequest()
				.body(AjaxResponse.failure(new ErrorInfo(0, result.failureMessage(), null, List
					.of(new ValidationError("The code is not one your authenticator app shows now.", List.of("code")))),
						false));
			default -> ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(AjaxResponse.failure(result.failureMessage(), true));
		};
	}

	@ExceptionHandler(HttpMessageNotReadableException.class)
	@Nullable ResponseEntity<AjaxResponse> unreadable(HttpServletResponse response) {
		if (response.isCommitted()) {
			// the body limit refused the body and answered already
			return null;
		}
		return ResponseEntity.badRequest()
			.body(AjaxResponse
				.failure(
						new ErrorInfo(0, "Your request is not valid!", null,
								List.of(new ValidationError(
										"The body must be a JSON object: {\"password\": \"...\", \"code\": \"123456\"}"
												+ " (to forget a remembered client: {\"id\": 1}).",
										List.of()))),
						false));
	}

	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	@SpecificationJson
	record ChangeModel(@Nullable String password, @Nullable String code) {
	}

	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	@SpecificationJson
	record ForgetModel(@Nullable Long id) {
	}

	@SpecificationJson
	record RememberedClients(List<RememberedClientResult> items) {
	}

	@SpecificationJson
	record RememberedClientResult(long id, Instant rememberedTime, Instant expiry) {

		static RememberedClientResult of(RememberedClient client) {
			return new RememberedClientResult(client.id(), client.rememberedTime(), client.expiry());
		}

	}

	@SpecificationJson
	record AuthenticatorSetupResult(String authenticatorKey, String otpauthUri) {
	}

}
