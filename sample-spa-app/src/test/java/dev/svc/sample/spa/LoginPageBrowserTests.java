package dev.svc.sample.spa;

import java.time.Instant;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import dev.svc.graphql.test.AuthenticatorApp;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import dev.svc.graphql.test.Playground;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@code /ui/login} page in a real browser: its script signs the browser in with a
 * cookie and lands on the page that links the playground; queries from that browser then
 * run as the user.
 */
@InBrowser
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ActiveProfiles("test")
class LoginPageBrowserTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	private Page loginPage() {
		Page page = chromium.newPage();
		Response login = page.navigate("http://localhost:" + this.port + "/ui/login");
		assertThat(login.headers().get("content-security-policy")).contains("script-src 'self';");
		return page;
	}

	@Test
	void shouldSignInAndQueryWithTheSessionCookie() throws Exception {
		Page page = loginPage();
		page.fill("input[name=tenancyName]", "Default");
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "123qwe");
		page.click("button[type=submit]");
		page.waitForURL("**/ui/");

		assertThat(page.locator("#playground-link").getAttribute("href")).isEqualTo("/ui/playground");
		JSONAssert.assertEquals("""
				{"data": {"roles": [{"id": 2, "name": "Admin"}, {"id": 3, "name": "User"}]}}""",
				HeadlessChromium.queryFromPage(page, "{ roles { id name } }"), JSONCompareMode.STRICT);

		Playground playground = new Playground(page, "http://localhost:" + this.port, "/ui/playground");
		assertThat(playground.run("{ users { totalCount items { name roles { name } } } }"))
			.contains("\"totalCount\": 2")
			.contains("\"name\": \"admin\"");
		assertThat(playground.requestsToOtherOrigins()).isEmpty();
		// the budget: scripts and style sheets as served stay under 1.5 MB
		assertThat(playground.scriptAndStyleBytes()).isLessThan(1_500_000);
		System.out.println(playground.loadReport());
	}

	@Test
	void shouldShowWhyASignInFailedAndStayOnThePage() {
		Page page = loginPage();
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "wrong");
		page.click("button[type=submit]");

		page.locator("#error").waitFor();
		assertThat(page.locator("#error").textContent()).isEqualTo("Invalid user name or password");
		assertThat(page.url()).endsWith("/ui/login");
		assertThat(page.locator("button[type=submit]").isEnabled()).isTrue();
	}

	@Test
	void shouldSendAnonymousVisitorsOfTheHomePageToTheLoginPage() {
		Page page = chromium.newPage();
		page.navigate("http://localhost:" + this.port + "/ui/");
		assertThat(page.url()).endsWith("/ui/login");
	}

	@ParameterizedTest
	@ValueSource(strings = { "cookie", "token" })
	void shouldLeadAUserWhoMustChangeItsPasswordThroughTheResetPage(String mode) {
		String demoHash = this.jdbc.sql("select password_hash from svc_users where id = 3")
			.query(String.class)
			.single();
		this.jdbc.sql("update svc_users set should_change_password = true where id = 3").update();
		try {
			Page page = loginPage();
			signIn(page, mode, "123qwe");
			page.waitForURL("**/ui/reset-password");
			assertThat(page.url()).as("the code stays in the tab, never in a URL").doesNotContain("?");

			page.fill("input[name=password]", "jdoe's new password");
			page.click("button[type=submit]");
			page.locator("#error").waitFor();
			assertThat(page.locator("#error").textContent()).isEqualTo("The password must not contain the user name.");

			page.fill("input[name=password]", "a new pass phrase");
			page.click("button[type=submit]");
			page.waitForURL("**/ui/login?passwordChanged");
			assertThat(page.locator("#status").textContent())
				.isEqualTo("Your password has been changed. Log in with the new one.");

			signIn(page, mode, "a new pass phrase");
			page.waitForURL(mode.equals("cookie") ? "**/ui/" : "**/ui/token");
		}
		finally {
			this.jdbc.sql("update svc_users set should_change_password = false, password_hash = :hash where id = 3")
				.param("hash", demoHash)
				.update();
		}
	}

	private static void signIn(Page page, String mode, String password) {
		page.fill("input[name=tenancyName]", "Default");
		page.fill("input[name=userNameOrEmailAddress]", "jdoe");
		page.fill("input[name=password]", password);
		page.check("input[name=mode][value=" + mode + "]");
		page.click("button[type=submit]");
	}

	@ParameterizedTest
	@ValueSource(strings = { "cookie", "token" })
	void shouldAskForTheSecondFactorOnTheSamePage(String mode) {
		this.jdbc.sql("update svc_users set is_two_factor_enabled = true, authenticator_key = :key where id = 2")
			.param("key", AuthenticatorApp.SECRET)
			.update();
		try {
			Page page = loginPage();
			page.fill("input[name=tenancyName]", "Default");
			page.fill("input[name=userNameOrEmailAddress]", "admin");
			page.fill("input[name=password]", "123qwe");
			page.check("input[name=mode][value=" + mode + "]");
			page.click("button[type=submit]");

			page.locator("input[name=twoFactorVerificationCode]").waitFor();
			assertThat(page.locator("#status").textContent()).isEqualTo("Enter the code your authenticator app shows.");
			assertThat(page.locator("#second-step button").textContent()).isEqualTo("Send me a code by e-mail");
			page.fill("input[name=twoFactorVerificationCode]", AuthenticatorApp.code(Instant.now()));
			page.click("button[type=submit]");
			page.waitForURL(mode.equals("cookie") ? "**/ui/" : "**/ui/token");
		}
		finally {
			this.jdbc
				.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
						+ " authenticator_last_step = null where id = 2")
				.update();
		}
	}

	@Test
	void shouldSetUpAnAuthenticatorAppFromTheHomePage() {
		try {
			Page page = loginPage();
			page.fill("input[name=tenancyName]", "Second");
			page.fill("input[name=userNameOrEmailAddress]", "admin");
			page.fill("input[name=password]", "123qwe");
			page.click("button[type=submit]");
			page.waitForURL("**/ui/");

			page.click("#two-factor-setup");
			page.locator("#two-factor-pending").waitFor();
			String key = page.locator("#two-factor-key").textContent();
			assertThat(key).matches("[A-Z2-7]{32}");
			assertThat(page.locator("#two-factor-uri").getAttribute("href"))
				.startsWith("otpauth://totp/sample-spa-app:admin?secret=" + key + "&issuer=sample-spa-app");
			page.fill("#two-factor-enable input[name=password]", "123qwe");
			page.fill("#two-factor-enable input[name=code]", AuthenticatorApp.code(key, Instant.now()));
			page.click("#two-factor-enable button");
			page.waitForCondition(
					() -> "Two-factor sign-in is on.".equals(page.locator("#two-factor-status").textContent()));

			page.click("#two-factor-setup");
			page.waitForCondition(
					() -> page.locator("#two-factor-status").textContent().startsWith("Two-factor sign-in is on:"));
		}
		finally {
			this.jdbc
				.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
						+ " authenticator_last_step = null where id = 5")
				.update();
		}
	}

}
