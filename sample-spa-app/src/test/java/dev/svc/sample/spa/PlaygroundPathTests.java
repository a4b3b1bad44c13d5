package dev.svc.sample.spa;

import com.microsoft.playwright.Page;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import dev.svc.graphql.test.PlaygroundTour;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the playground is, in a real browser: on the path {@code graphql.playground.path}
 * names, and nowhere when {@code graphql.playground-enabled} is off.
 */
@InBrowser
class PlaygroundPathTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	static Page signedIn(int port) {
		Page page = chromium.newPage();
		page.navigate("http://localhost:" + port + "/ui/login");
		page.fill("input[name=userNameOrEmailAddress]", "admin");
		page.fill("input[name=password]", "123qwe");
		page.click("button[type=submit]");
		page.waitForURL("**/ui/");
		return page;
	}

	@Nested
	@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.audit.enabled=false", "graphql.playground.path=/myplayground" })
	@ActiveProfiles("test")
	class CustomPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeThePlaygroundOnItsPathOnly() {
			Page page = signedIn(this.port);
			PlaygroundTour.atCustomPath(page, "http://localhost:" + this.port, "/myplayground");
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.audit.enabled=false", "graphql.playground-enabled=false" })
	@ActiveProfiles("test")
	class SwitchedOff {

		@LocalServerPort
		private int port;

		@Test
		void shouldAnswer404() {
			Page page = signedIn(this.port);
			assertThat(page.navigate("http://localhost:" + this.port + "/ui/playground").status()).isEqualTo(404);
		}

	}

}
