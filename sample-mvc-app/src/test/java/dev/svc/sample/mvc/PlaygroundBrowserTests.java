package dev.svc.sample.mvc;

import com.microsoft.playwright.Page;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import dev.svc.graphql.test.Playground;
import dev.svc.graphql.test.PlaygroundTour;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The playground in a real browser, used as a user of the cookie-only front end uses it:
 * signed in on {@code /Account/Login}, queries from the playground carry the session
 * cookie until the settings say {@code omit}.
 */
@InBrowser
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
class PlaygroundBrowserTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@LocalServerPort
	private int port;

	@Test
	void shouldRunQueriesAsTheUserOfTheSessionCookie() {
		Page page = chromium.newPage();
		LoginForm.logIn(page, this.port, "Default", "admin");
		PlaygroundTour.asCookieUser(new Playground(page, "http://localhost:" + this.port, "/ui/playground"), """
				{"data": {"users": {"totalCount": 2, "items": [
				  {"name": "admin", "roles": [{"name": "Admin"}]},
				  {"name": "John", "roles": [{"name": "User"}]}]}}}""", "playground-mvc");
	}

}
