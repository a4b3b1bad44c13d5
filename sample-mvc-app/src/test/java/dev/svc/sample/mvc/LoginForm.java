package dev.svc.sample.mvc;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.microsoft.playwright.Page;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Signs a browser-like client in through the {@code /Account/Login} form, CSRF token
 * included, or a real browser by filling the form in.
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

	static void logIn(Page page, int port, String tenancyName, String user) {
		page.navigate("http://localhost:" + port + "/Account/Login");
		page.fill("input[name=tenancyName]", tenancyName);
		page.fill("input[name=userNameOrEmailAddress]", user);
		page.fill("input[name=password]", "123qwe");
		page.click("button[type=submit]");
		page.waitForURL("http://localhost:" + port + "/");
	}

}
