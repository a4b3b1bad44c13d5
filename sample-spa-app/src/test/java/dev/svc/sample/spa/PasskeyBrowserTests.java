package dev.svc.sample.spa;

import java.util.List;

import com.google.gson.JsonObject;
import com.microsoft.playwright.CDPSession;
import com.microsoft.playwright.Page;
import com.microsoft.playwright.options.WaitForSelectorState;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Passkeys in the single-page front end, in a real browser whose authenticator is
 * Chromium's virtual one: added on {@code /ui/passkeys} through the API with the tab's
 * access token, then, after logging out, used on the login page with no name typed for
 * new tokens, with which the users query answers; once removed, refused. In dev mode,
 * whose relying party is the page's host, as the test's port changes at each run.
 */
@InBrowser
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "graphql.expose-exception-details=true",
				"graphql.sign-in.passkey.relying-party-id=", "graphql.sign-in.passkey.allowed-origins=" })
@ActiveProfiles("test")
class PasskeyBrowserTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@LocalServerPort
	private int port;

	@Test
	void shouldRegisterWithTheTokenThenSignInForTokensWithNoNameTyped() {
		Page page = chromium.newPage();
		addVirtualAuthenticator(page);
		String site = "http://localhost:" + this.port;
		page.navigate(site + "/ui/login");
		page.fill("input[name=tenancyName]", "Default");
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "123qwe");
		page.check("input[name=mode][value=token]");
		page.click("button[type=submit]");
		page.waitForURL("**/ui/token");

		page.click("#passkeys-link");
		page.waitForURL("**/ui/passkeys");
		page.fill("#passkey-register input[name=password]", "123qwe");
		page.fill("#passkey-register input[name=label]", "Phone");
		page.click("#passkey-register button[type=submit]");
		waitForMessage(page, "The passkey \"Phone\" is added.");

		page.navigate(site + "/ui/token");
		page.click("#log-out");
		page.waitForURL("**/ui/login");
		page.check("input[name=mode][value=token]");
		page.click("#passkey-sign-in");
		page.waitForURL("**/ui/token");
		assertThat(usersWithTheTabsToken(page)).contains("\"totalCount\":2");

		page.navigate(site + "/ui/passkeys");
		page.waitForSelector("#passkeys li");
		page.fill("#passkey-register input[name=password]", "123qwe");
		page.click("#passkeys li button");
		waitForMessage(page, "The passkey \"Phone\" is removed.");

		page.navigate(site + "/ui/token");
		page.click("#log-out");
		page.waitForURL("**/ui/login");
		page.check("input[name=mode][value=token]");
		page.click("#passkey-sign-in");
		page.waitForSelector("#error:text-is('This passkey was not accepted.')");
	}

	private static String usersWithTheTabsToken(Page page) {
		return (String) page.evaluate(
				"async ([timeout]) => (await fetch('/graphql', {method: 'POST', headers:"
						+ " {'Content-Type': 'application/json', 'Authorization': 'Bearer '"
						+ " + sessionStorage.getItem('svc.accessToken')}, body: JSON.stringify({query:"
						+ " '{ users { totalCount } }'}), signal: AbortSignal.timeout(timeout)})).text()",
				List.of((int) HeadlessChromium.TIMEOUT.toMillis()));
	}

	private static void waitForMessage(Page page, String message) {
		page.waitForSelector("#passkey-message:text-is('" + message + "')",
				new Page.WaitForSelectorOptions().setState(WaitForSelectorState.VISIBLE));
	}

	// a platform authenticator that keeps passkeys and verifies its user at once
	private static void addVirtualAuthenticator(Page page) {
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
