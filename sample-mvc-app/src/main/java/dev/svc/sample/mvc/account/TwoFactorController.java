package dev.svc.sample.mvc.account;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.SignInResult;
import dev.svc.graphql.signin.TwoFactorService;
import dev.svc.graphql.signin.TwoFactorSignIn;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The signed-in user's page for two-factor sign-in: it sets up an authenticator app
 * through the GraphQL module's {@link TwoFactorSignIn}, and turns two-factor sign-in on
 * with a code of the app, and off again, through its {@link TwoFactorService}, which asks
 * for the password again and counts wrong ones as failed sign-ins.
 */
@Controller
class TwoFactorController {

	private static final String PAGE = "account/two-factor";

	private final TwoFactorSignIn twoFactor;

	private final TwoFactorService twoFactorService;

	TwoFactorController(TwoFactorSignIn twoFactor, TwoFactorService twoFactorService) {
		this.twoFactor = twoFactor;
		this.twoFactorService = twoFactorService;
	}

	@GetMapping("/Account/TwoFactor")
	String page() {
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "setup")
	String setUp(@AuthenticationPrincipal SignedInUser user, Model model) {
		this.twoFactor.startAuthenticatorSetup(user)
			.ifPresentOrElse((setup) -> model.addAttribute("setup", setup), () -> model.addAttribute("message",
					"Two-factor sign-in is on: turn it off with your password and a code of your authenticator app first."));
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "enable")
	String enable(@AuthenticationPrincipal SignedInUser user, @RequestParam String password, @RequestParam String code,
			HttpServletRequest request, Model model) {
		SignInResult result = this.twoFactorService.enableAuthenticator(user, password, code,
				ClientAddress.of(request));
		model.addAttribute("message", result.succeeded() ? "Two-factor sign-in is on." : result.message());
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "disable")
	String disable(@AuthenticationPrincipal SignedInUser user, @RequestParam String password, @RequestParam String code,
			HttpServletRequest request, Model model) {
		SignInResult result = this.twoFactorService.disableTwoFactor(user, password, code, ClientAddress.of(request));
		model.addAttribute("message", result.succeeded() ? "Two-factor sign-in is off." : result.message());
		return PAGE;
	}

}
