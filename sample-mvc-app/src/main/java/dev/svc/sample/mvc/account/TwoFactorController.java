package dev.svc.sample.mvc.account;

import java.time.Clock;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.TwoFactorSignIn;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The signed-in user's page for two-factor sign-in: it sets up an authenticator app, turns
 * two-factor sign-in on with a code of the app, and off again, through the GraphQL module's
 * {@link TwoFactorSignIn}.
 */
@Controller
class TwoFactorController {

	private static final String PAGE = "account/two-factor";

	private final TwoFactorSignIn twoFactor;

	private final Clock clock = Clock.systemUTC();

	TwoFactorController(TwoFactorSignIn twoFactor) {
		this.twoFactor = twoFactor;
	}

	@GetMapping("/Account/TwoFactor")
	String page() {
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "setup")
	String setUp(@AuthenticationPrincipal SignedInUser user, Model model) {
		this.twoFactor.startAuthenticatorSetup(user).ifPresentOrElse((setup) -> model.addAttribute("setup", setup),
				() -> model.addAttribute("message",
						"Two-factor sign-in is on: turn it off with a code of your authenticator app first."));
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "enable")
	String enable(@AuthenticationPrincipal SignedInUser user, @RequestParam String code, Model model) {
		model.addAttribute("message", this.twoFactor.enableAuthenticator(user, code, this.clock.instant())
				? "Two-factor sign-in is on." : "Invalid security code!");
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "disable")
	String disable(@AuthenticationPrincipal SignedInUser user, @RequestParam String code, Model model) {
		model.addAttribute("message", this.twoFactor.disable(user, code, this.clock.instant())
				? "Two-factor sign-in is off." : "Invalid security code!");
		return PAGE;
	}

}
