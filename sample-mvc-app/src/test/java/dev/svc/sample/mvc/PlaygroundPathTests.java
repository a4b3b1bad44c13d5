package dev.svc.sample.mvc;

import com.microsoft.playwright.Page;
import dev.svc.graphql.test.HeadlessChromium;
import dev.svc.graphql.test.InBrowser;
import dev.svc.graphql.test.PlaygroundTour;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where the playground is, in a real browser: on the path {@code graphql.playground.path}
 * names, which the home page links, and nowhere when {@code graphql.playground-enabled}
 * is off.
 */
@InBrowser
class PlaygroundPathTests {

	@RegisterExtension
	static final HeadlessChromium chromium = new HeadlessChromium();

	@Nested
	@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.audit.enabled=false", "graphql.playground.path=/myplayground" })
	class CustomPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeThePlaygroundOnItsPathOnly() {
			Page page = chromium.newPage();
			LoginForm.logIn(page, this.port, "", "admin");
			assertThat(page.locator("#playground-link").getAttribute("href")).isEqualTo("/myplayground");
			PlaygroundTour.atCustomPath(page, "http://localhost:" + this.port, "/myplayground");
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.audit.enabled=false", "graphql.playground-enabled=false" })
	class SwitchedOff {

		@LocalServerPort
		private int port;

		@Test
		void shouldAnswer404() {
			Page page = chromium.newPage();
			LoginForm.logIn(page, this.port, "", "admin");
			assertThat(page.navigate("http://localhost:" + this.port + "/ui/playground").status()).isEqualTo(404);
		}

	}

}
