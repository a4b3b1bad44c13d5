package dev.svc.sample.mvc.account;

import java.util.List;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import dev.svc.graphql.signin.twofactor.TwoFactorSignIn;
import dev.svc.graphql.signin.twofactor.TwoFactorStore.RememberedClient;
import jakarta.servlet.http.HttpServletRequest;

import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The signed-in user's page for two-factor sign-in: it sets up an authenticator app
 * through the GraphQL module's {@link TwoFactorSignIn}, and turns two-factor sign-in on
 * with a code of the app, and off again, through its {@link TwoFactorService}, which asks
 * for the password again and counts wrong ones as failed sign-ins. It lists the browsers
 * that skip the second step and forgets one the user chooses.
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

	@ModelAttribute("rememberedClients")
	List<RememberedClient> rememberedClients(@AuthenticationPrincipal SignedInUser user) {
		return this.twoFactor.rememberedClients(user);
	}

	@GetMapping("/Account/TwoFactor")
	String page() {
		return PAGE;
	}

	@PostMapping(path = "/Account/TwoFactor", params = "forget")
	String forget(@AuthenticationPrincipal SignedInUser user, @RequestParam long forget, HttpServletRequest request,
			RedirectAttributes redirect) {
		boolean forgotten = this.twoFactorService.forgetRememberedClient(user, forget, ClientAddress.of(request));
		redirect.addFlashAttribute("message",
				forgotten ? "That browser takes the second step again." : "That browser was not remembered any more.");
		return "redirect:/Account/TwoFactor";
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
