package dev.svc.sample.spa.ui;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The single-page login and the page behind it. The page's script posts the form as JSON to
 * {@code /ui/login}, where the GraphQL module's cookie sign-in answers it.
 */
@Controller
class UiLoginController {

	@GetMapping("/ui/login")
	String page() {
		return "forward:/ui/login.html";
	}

	@GetMapping("/")
	String root() {
		return "redirect:/ui/";
	}

	@GetMapping({ "/ui", "/ui/" })
	String home() {
		return "forward:/ui/index.html";
	}

}
