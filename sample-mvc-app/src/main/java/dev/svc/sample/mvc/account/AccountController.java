package dev.svc.sample.mvc.account;

import java.security.Principal;
import java.util.List;

import jakarta.servlet.http.HttpServletRequest;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.WebAttributes;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The sign-in pages and the landing page behind them.
 */
@Controller
class AccountController {

	private final String graphQlPath;

	private final String playgroundPath;

	private final int passwordMinLength;

	AccountController(@Value("${spring.graphql.http.path:/graphql}") String graphQlPath,
			@Value("${graphql.playground.path:/ui/playground}") String playgroundPath,
			@Value("${graphql.sign-in.password.policy.min-length:8}") int passwordMinLength) {
		this.passwordMinLength = passwordMinLength;
		this.graphQlPath = graphQlPath;
		this.playgroundPath = playgroundPath;
	}

	/**
	 * The login page; with {@code ?twoFactor} it asks for the second factor too, and
	 * offers to send a code by e-mail when the user's providers include it.
	 */
	@GetMapping("/Account/Login")
	String login(HttpServletRequest request, Model model, @RequestParam(required = false) String providers) {
		showFailure(request, model);
		model.addAttribute("offersEmail", providers != null && List.of(providers.split(",")).contains("Email"));
		return "account/login";
	}

	/**
	 * The page where a user who must change its password sets a new one; the GraphQL
	 * module's cookie sign-in sends such a user here and takes the form's post.
	 */
	@GetMapping("/Account/ResetPassword")
	String resetPassword(HttpServletRequest request, Model model) {
		showFailure(request, model);
		model.addAttribute("minLength", this.passwordMinLength);
		return "account/reset-password";
	}

	// the module hands the failure of the last form post to the page's GET in the
	// request,
	// so that a sign-in that failed keeps no session
	private static void showFailure(HttpServletRequest request, Model model) {
		if (request.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION) instanceof AuthenticationException failure) {
			model.addAttribute("error", failure.getMessage());
		}
	}

	@GetMapping("/")
	String home(Principal user, Model model) {
		model.addAttribute("userName", user.getName());
		model.addAttribute("playgroundPath", this.playgroundPath);
		model.addAttribute("graphQlPath", this.graphQlPath);
		return "home";
	}

}
