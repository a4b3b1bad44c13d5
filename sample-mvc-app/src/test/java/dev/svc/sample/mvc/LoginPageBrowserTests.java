package dev.svc.sample.mvc;

import com.microsoft.playwright.Page;
import com.microsoft.playwright.Response;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import dev.svc.graphql.test.Playground;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /Account/Login} in a real browser: the form signs in with a cookie, the landing
 * page links the playground, and queries from that browser run as the user.
 */
@InBrowser
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
class LoginPageBrowserTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@LocalServerPort
	private int port;

	@Test
	void shouldSignInAndQueryWithTheSessionCookie() throws Exception {
		Page page = chromium.newPage();
		Response login = page.navigate("http://localhost:" + this.port + "/Account/Login");
		assertThat(login.headers().get("content-security-policy")).contains("script-src 'self';");
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "123qwe");
		page.click("button[type=submit]");
		page.waitForURL("http://localhost:" + this.port + "/");

		assertThat(page.locator("h1").textContent()).isEqualTo("Welcome, admin");
		assertThat(page.locator("#playground-link").getAttribute("href")).isEqualTo("/ui/playground");
		JSONAssert.assertEquals("""
				{"data": {"roles": [{"id": 1, "name": "Admin"}]}}""",
				HeadlessChromium.queryFromPage(page, "{ roles { id name } }"), JSONCompareMode.STRICT);

		// the playground runs as the user of the session cookie, and loads nothing from
		// elsewhere
		Playground playground = new Playground(page, "http://localhost:" + this.port, "/ui/playground");
		assertThat(playground.run("{ roles { name } }")).contains("\"name\": \"Admin\"");
		assertThat(playground.requestsToOtherOrigins()).isEmpty();
		// the budget: scripts and style sheets as served stay under 1.5 MB
		assertThat(playground.scriptAndStyleBytes()).isLessThan(1_500_000);
		System.out.println(playground.loadReport());
	}

	@Test
	void shouldShowWhyASignInFailed() {
		Page page = chromium.newPage();
		page.navigate("http://localhost:" + this.port + "/Account/Login");
		page.fill("input[name=tenancyName]", "Closed");
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "123qwe");
		page.click("button[type=submit]");
		page.waitForURL("**/Account/Login?error");

		assertThat(page.locator("[role=alert]").textContent()).isEqualTo("Tenant Closed is not active.");
	}

}
