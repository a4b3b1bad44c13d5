package dev.svc.sample.mvc;

import com.google.gson.JsonObject;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitForSelectorState;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Passkeys in a real browser whose authenticator is Chromium's virtual one (the DevTools
 * protocol's WebAuthn domain): added on the two-factor page with the password given
 * again, then, after signing out, used on the login page with no name typed, ending in
 * the same session as a password sign-in, and in place of the code of the second step of
 * two-factor sign-in; once removed, refused. In dev mode, whose relying party is the
 * page's host, as the test's port changes at each run.
 */
@InBrowser
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "graphql.expose-exception-details=true",
				"graphql.sign-in.passkey.relying-party-id=", "graphql.sign-in.passkey.allowed-origins=" })
class PasskeyBrowserTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Test
	void shouldRegisterSignOutAndSignInWithThePasskeyWithNoNameTyped() {
		Page page = chromium.newPage();
		addVirtualAuthenticator(page);
		String site = "http://localhost:" + this.port;
		page.navigate(site + "/Account/Login");
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "123qwe");
		page.click("form >> button[type=submit]");
		page.waitForURL(site + "/");

		page.navigate(site + "/Account/TwoFactor");
		page.fill("#passkey-register input[name=password]", "123qwe");
		page.fill("#passkey-register input[name=label]", "Laptop");
		page.click("#passkey-register button[type=submit]");
		waitForMessage(page, "The passkey \"Laptop\" is added.");
		page.waitForSelector("#passkeys li");
		assertThat(page.locator("#passkeys li").textContent()).startsWith("Laptop (added ");

		page.navigate(site + "/");
		page.click("text=Log out");
		page.waitForURL("**/Account/Login?logout");
		page.click("#passkey-sign-in");
		page.waitForURL(site + "/");
		assertThat(page.locator("h1").textContent()).isEqualTo("Welcome, admin");
		assertThat(HeadlessChromium.queryFromPage(page, "{ roles { name } }")).contains("\"name\":\"Admin\"");

		// two-factor sign-in on: the password leads to the second step, which the passkey
		// answers in place of a code
		this.jdbc.sql("update svc_users set is_two_factor_enabled = true where id = 1").update();
		try {
			page.click("text=Log out");
			page.waitForURL("**/Account/Login?logout");
			page.fill("input[name=userNameOrEmailAddress]", "admin");
			page.fill("input[name=password]", "123qwe");
			page.click("form >> button[type=submit]");
			page.waitForURL("**/Account/Login?twoFactor*");
			page.click("#passkey-sign-in");
			page.waitForURL(site + "/");
		}
		finally {
			this.jdbc.sql("update svc_users set is_two_factor_enabled = false where id = 1").update();
		}

		page.navigate(site + "/Account/TwoFactor");
		page.waitForSelector("#passkeys li");
		assertThat(page.locator("#passkeys li").textContent()).doesNotContain("not used yet");
		page.fill("#passkey-register input[name=password]", "123qwe");
		page.click("#passkeys li button");
		waitForMessage(page, "The passkey \"Laptop\" is removed.");

		page.navigate(site + "/");
		page.click("text=Log out");
		page.waitForURL("**/Account/Login?logout");
		page.click("#passkey-sign-in");
		waitForMessage(page, "This passkey was not accepted.");
		assertThat(page.url()).contains("/Account/Login");
	}

	private static void waitForMessage(Page page, String message) {
		page.waitForSelector("#passkey-message:text-is('" + message.replace("'", "\\'") + "')",
				new Page.WaitForSelectorOptions().setState(WaitForSelectorState.VISIBLE));
	}

	// a platform authenticator that keeps passkeys and verifies its user at once
	static void addVirtualAuthenticator(Page page) {
		CDPSession devTools = page.context().newCDPSession(page);
		devTools.send("WebAuthn.enable");
		JsonObject options = new JsonObject();
		options.addProperty("protocol", "ctap2");
		options.addProperty("transport", "internal");
		options.addProperty("hasResidentKey", true);
		options.addProperty("hasUserVerification", true);
		options.addProperty("isUserVerified", true);
		options.addProperty("automaticPresenceSimulation", true);
		JsonObject parameters = new JsonObject();
		parameters.add("options", options);
		devTools.send("WebAuthn.addVirtualAuthenticator", parameters);
	}

}
