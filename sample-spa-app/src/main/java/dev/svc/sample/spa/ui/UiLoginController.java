package dev.svc.sample.spa.ui;

import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The single-page login and the pages behind it. The login page's script posts the form
 * as JSON to {@code /ui/login}, where the GraphQL module's cookie sign-in answers it, and
 * lands on the home page; or to the module's token endpoint, keeps the access token in
 * the tab and lands on the token page. A user who must change its password is sent to the
 * reset page, whose script posts the new password to the same path, where the module sets
 * it.
 */
@Controller
class UiLoginController {

	@GetMapping("/ui/login")
	String page() {
		return "forward:/ui/login.html";
	}

	@GetMapping("/ui/token")
	String tokenPage() {
		return "forward:/ui/token.html";
	}

	/**
	 * A static page: its script adds and removes passkeys with the tab's access token.
	 */
	@GetMapping("/ui/passkeys")
	String passkeysPage() {
		return "forward:/ui/passkeys.html";
	}

	@GetMapping("/ui/reset-password")
	String resetPasswordPage() {
		return "forward:/ui/reset-password.html";
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
