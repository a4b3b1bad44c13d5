package dev.svc.graphql.signin.token;

import java.util.Objects;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.passkey.PasskeyAuthenticationProvider;
import dev.svc.graphql.signin.password.SignInResult;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * The token sign-in with a passkey and no name typed: the browser's credential, as JSON,
 * answered as a password sign-in is, with access and refresh tokens of a new session, so
 * that refresh, revocation and log-out work unchanged.
 */
@RestController
final class PasskeyTokenController {

	static final String PATH = "/api/TokenAuth/PasskeyAuthenticate";

	private final AuthenticationManager passkeys;

	private final TokenService tokens;

	PasskeyTokenController(AuthenticationManager passkeys, TokenService tokens) {
		this.passkeys = passkeys;
		this.tokens = tokens;
	}

	@PostMapping(path = PATH, consumes = MediaType.APPLICATION_JSON_VALUE)
	ResponseEntity<AjaxResponse> authenticate(@RequestBody String credential, HttpServletRequest request) {
		SignedInUser user;
		try {
			user = (SignedInUser) Objects
				.requireNonNull(this.passkeys.authenticate(PasskeyAuthenticationProvider.attempt(request, credential))
					.getPrincipal());
		}
		catch (SignInResult.Refused refused) {
			return TokenAuthController.refused(refused.getResult());
		}
		TokenService.Tokens issued = this.tokens.signIn(user);
		return ResponseEntity.ok(AjaxResponse
			.success(new AuthenticateResultModel(issued.accessToken(), this.tokens.encrypt(issued.accessToken()),
					issued.accessTokenLifetime().toSeconds(), false, null, user.userId(), false, null, null, null,
					issued.refreshToken(), issued.refreshTokenLifetime().toSeconds())));
	}

}
