package dev.svc.sample.spa.ui;

import java.util.List;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import dev.svc.graphql.signin.SignInResult;
import dev.svc.graphql.signin.SignInService;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The single-page login: {@code GET /ui/login} serves the page, whose script posts the form as JSON
 * to {@code POST /ui/login}; success stores the user in a new session (cookie) and names the page
 * to go to.
 */
@Controller
class UiLoginController {

	private final SignInService signInService;

	private final SecurityContextRepository securityContextRepository;

	private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

	UiLoginController(SignInService signInService, SecurityContextRepository securityContextRepository) {
		this.signInService = signInService;
		this.securityContextRepository = securityContextRepository;
	}

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

	@PostMapping(path = "/ui/login", consumes = MediaType.APPLICATION_JSON_VALUE)
	@ResponseBody
	ResponseEntity<Map<String, Object>> login(@RequestBody LoginForm form, HttpServletRequest request,
			HttpServletResponse response) {
		SignInResult result = this.signInService.signIn(form.tenancyName(), form.userNameOrEmailAddress(),
				form.password(), request.getRemoteAddr());
		if (!result.succeeded()) {
			return ResponseEntity.status(HttpStatus.UNAUTHORIZED)
				.body(Map.of("success", false, "error", Map.of("message", result.message())));
		}
		if (request.getSession(false) != null) {
			request.changeSessionId();
		}
		SecurityContext context = this.contexts.createEmptyContext();
		context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(result.user(), null, List.of()));
		this.contexts.setContext(context);
		this.securityContextRepository.saveContext(context, request, response);
		return ResponseEntity.ok(Map.of("success", true, "targetUrl", "/ui/"));
	}

	/**
	 * The login form.
	 *
	 * @param tenancyName the tenant's name, empty for the host
	 * @param userNameOrEmailAddress the user name or e-mail address
	 * @param password the password
	 */
	record LoginForm(String tenancyName, String userNameOrEmailAddress, String password) {
	}

}
