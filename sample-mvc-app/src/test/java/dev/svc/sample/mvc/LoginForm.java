package dev.svc.sample.mvc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signs a browser-like client in through the {@code /Account/Login} form, CSRF token included.
 */
final class LoginForm {

	private static final Pattern CSRF = Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"");

	private LoginForm() {
	}

	static String csrfToken(HttpTestClient browser) {
		Response page = browser.get("/Account/Login");
		assertThat(page.status()).isEqualTo(200);
		Matcher matcher = CSRF.matcher(page.body());
		assertThat(matcher.find()).as("the form carries a CSRF token").isTrue();
		return matcher.group(1);
	}

	static Response logIn(HttpTestClient browser, String tenancyName, String user, String password) {
		return browser.post("/Account/Login", "application/x-www-form-urlencoded", "_csrf=" + csrfToken(browser)
				+ "&tenancyName=" + tenancyName + "&userNameOrEmailAddress=" + user + "&password=" + password);
	}

}
