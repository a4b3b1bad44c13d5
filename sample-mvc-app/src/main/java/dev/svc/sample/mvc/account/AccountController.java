package dev.svc.sample.mvc.account;

import java.security.Principal;

import jakarta.servlet.http.HttpSession;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.WebAttributes;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The sign-in page and the landing page behind it.
 */
@Controller
class AccountController {

	private final String graphQlPath;

	private final String playgroundPath;

	AccountController(@Value("${spring.graphql.http.path:/graphql}") String graphQlPath,
			@Value("${graphql.playground.path:/ui/playground}") String playgroundPath) {
		this.graphQlPath = graphQlPath;
		this.playgroundPath = playgroundPath;
	}

	@GetMapping("/Account/Login")
	String login(HttpSession session, Model model) {
		if (session.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION) instanceof AuthenticationException failure) {
			model.addAttribute("error", failure.getMessage());
			session.removeAttribute(WebAttributes.AUTHENTICATION_EXCEPTION);
		}
		return "account/login";
	}

	@GetMapping("/")
	String home(Principal user, Model model) {
		model.addAttribute("userName", user.getName());
		model.addAttribute("playgroundPath", this.playgroundPath);
		model.addAttribute("graphQlPath", this.graphQlPath);
		return "home";
	}

}
